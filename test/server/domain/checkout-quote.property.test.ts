import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  availableOf,
  checkoutQuote,
  checkoutServices,
  deliveryOf,
  FREE_DELIVERY_FROM,
} from '../../../server/domain/checkout-quote';
import { DELIVERY_PRICE_LATER } from '../../../server/domain/delivery-quote';
import { SEEDED_TARIFFS } from '../../../server/domain/delivery-tariffs';
import { type CatalogueEntry, type PromoRule, priceOrder } from '../../../server/domain/order-pricing';
import { OPTIONAL_SERVICES } from '../../../shared-rules/delivery-service-rule';
import { ITEM_CLASSES } from '../../../shared-rules/item-class-rule';
import { LIFT_KINDS } from '../../../shared-rules/order-options-rule';

/**
 * The checkout quote's own rules (docs/money.md «The checkout quote»): the goods are the order's
 * pricing untouched; delivery is 0 for pickup and from 30 000 ₽, else unknown with the manager's note;
 * «Итого» = goods + Σ service lines (a booked paid window is one, issue 23); availability only for
 * tracked stock without backorders.
 */

const catalogue = new Map<number, CatalogueEntry>(
  [1, 2, 3, 4].map((id) => [id, { id, name: `Товар ${id}`, price: [98450, 32460, 1291, 459][id - 1] ?? 1 }]),
);
const rule = (kind: 'percent' | 'fixed', value: number, minSubtotal: number): PromoRule => ({
  code: 'KOD',
  kind,
  value,
  minSubtotal,
  active: true,
  validUntil: null,
});

describe('checkout quote', () => {
  test.prop([
    fc.array(
      fc.record({ productId: fc.integer({ min: 1, max: 4 }), quantity: fc.integer({ min: 1, max: 9 }) }),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
    fc.option(
      fc.oneof(
        fc.integer({ min: 1, max: 100 }).map((percent) => rule('percent', percent, 0)),
        fc.integer({ min: 0, max: 10_000_000 }).map((fixed) => rule('fixed', fixed, 0)),
      ),
      { nil: null },
    ),
    fc.constantFrom('courier' as const, 'pickup' as const),
    fc.array(
      fc.record({
        stock: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
        backorder: fc.boolean(),
      }),
      {
        minLength: 4,
        maxLength: 4,
      },
    ),
  ])(
    'goods as priced; with no zone delivery by the threshold, total = goods + delivery',
    (lines, promo, method, facts) => {
      const priced = priceOrder(lines, catalogue, promo === null ? null : { code: 'KOD', rule: promo }, 0);
      if (!priced.ok) return;
      const stock = new Map(
        facts.map((fact, index) => [index + 1, { stock: fact.stock, backorderAllowed: fact.backorder }]),
      );
      const services = checkoutServices(SEEDED_TARIFFS, { method }, priced.order.total, []);
      const quote = checkoutQuote({ priced: priced.order, services, stock, promo: { status: 'none' } });
      expect(quote.lines.map(({ available: _available, ...line }) => line)).toEqual(priced.order.lines);
      expect([quote.subtotal, quote.discount]).toEqual([priced.order.subtotal, priced.order.discount]);
      const free = method === 'pickup' || priced.order.total >= FREE_DELIVERY_FROM;
      expect(quote.delivery).toBe(free ? 0 : null);
      expect(quote.deliveryNote).toBe(free ? null : DELIVERY_PRICE_LATER);
      expect(quote.services).toEqual([]);
      expect(quote.total).toBe(priced.order.total + (quote.delivery ?? 0));
      for (const line of quote.lines) expect(line.available).toBe(availableOf(stock.get(line.productId)));
    },
  );

  test.prop([
    fc.integer({ min: 100, max: 10_000_000 }),
    fc.constantFrom('courier' as const, 'pickup' as const),
    fc.constantFrom(undefined, 'inside_kad' as const, 'outside_kad' as const, 'region' as const),
    fc.integer({ min: 0, max: 50 }),
    fc.integer({ min: 0, max: 30 }).map((roubles) => roubles * 10_000),
  ])(
    'a booked window: a courier pays its calendar price as one line whatever the zone; Σ lines = the services total',
    (goods, method, zone, km, price) => {
      const choice = { method, ...(zone === undefined ? {} : { zone, kmBeyondKad: km }) };
      const window = { label: '10:00–13:00', price };
      const without = checkoutServices(SEEDED_TARIFFS, choice, goods, [], null);
      const withWindow = checkoutServices(SEEDED_TARIFFS, choice, goods, [], window);
      const charged = method === 'courier' && price > 0;
      const windowLines = withWindow.lines.filter((line) => line.kind === 'delivery_window');
      expect(windowLines).toEqual(
        charged
          ? [{ kind: 'delivery_window', label: 'Доставка ко времени: 10:00–13:00', amount: price }]
          : [],
      );
      expect(withWindow.total).toBe(without.total + (charged ? price : 0));
      for (const services of [without, withWindow])
        expect(services.total).toBe(services.lines.reduce((sum, line) => sum + line.amount, 0));
      // The manager's note stays when the tariffs do not price the delivery itself.
      expect(withWindow.note).toBe(without.note);
      const quote = checkoutQuote({
        priced: { lines: [], subtotal: goods, discount: 0, total: goods },
        services: withWindow,
        stock: new Map(),
        promo: { status: 'none' },
      });
      expect(quote.total).toBe(goods + withWindow.total);
    },
  );

  test.prop([
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.array(
      fc.record({
        itemClass: fc.constantFrom(...ITEM_CLASSES),
        quantity: fc.integer({ min: 1, max: 9 }),
        netTotal: fc.integer({ min: 0, max: 20_000_000 }),
        assemblyAvailable: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
    fc.constantFrom('courier' as const, 'pickup' as const),
    fc.constantFrom(undefined, 'inside_kad' as const, 'outside_kad' as const, 'region' as const),
    fc.integer({ min: 0, max: 50 }),
    fc.integer({ min: 1, max: 30 }),
    fc.constantFrom(...LIFT_KINDS),
    fc.subarray([...OPTIONAL_SERVICES]),
    fc.option(
      fc.integer({ min: 0, max: 30 }).map((roubles) => ({ label: '10:00–13:00', price: roubles * 10_000 })),
      {
        nil: null,
      },
    ),
  ])(
    'a service’s offered price is the line the quote adds when its box is ticked; no offer, nothing added',
    (goods, lines, method, zone, km, floor, lift, chosen, window) => {
      const choice = {
        method,
        ...(zone === undefined ? {} : { zone, kmBeyondKad: km }),
        floor,
        lift,
        services: chosen,
      };
      const quoted = checkoutServices(SEEDED_TARIFFS, choice, goods, lines, window);
      // The offers do not depend on which boxes are ticked: the price stays put while the shopper ticks.
      expect(
        checkoutServices(SEEDED_TARIFFS, { ...choice, services: [] }, goods, lines, window).offers,
      ).toEqual(quoted.offers);
      for (const service of OPTIONAL_SERVICES) {
        const unticked = checkoutServices(
          SEEDED_TARIFFS,
          { ...choice, services: chosen.filter((each) => each !== service) },
          goods,
          lines,
          window,
        );
        const ticked = checkoutServices(
          SEEDED_TARIFFS,
          { ...choice, services: [...chosen.filter((each) => each !== service), service] },
          goods,
          lines,
          window,
        );
        const offer = quoted.offers.find((each) => each.service === service);
        const added = ticked.lines.filter((line) => line.kind === service);
        expect(added.map((line) => line.amount)).toEqual(offer === undefined ? [] : [offer.amount]);
        expect(ticked.total - unticked.total).toBe(offer?.amount ?? 0);
        if (offer !== undefined) expect(offer.amount).toBeGreaterThan(0);
      }
      const quote = checkoutQuote({
        priced: { lines: [], subtotal: goods, discount: 0, total: goods },
        services: quoted,
        stock: new Map(),
        promo: { status: 'none' },
      });
      expect(quote.offers).toEqual(quoted.offers);
    },
  );

  it('offers the seeded prices for a sofa inside КАД, none for pickup or another region', () => {
    const sofa = [{ itemClass: 'sofa' as const, quantity: 1, netTotal: 8_990_000, assemblyAvailable: true }];
    const inside = checkoutServices(
      SEEDED_TARIFFS,
      { method: 'courier', zone: 'inside_kad' },
      8_990_000,
      sofa,
    );
    expect(inside.offers.map((offer) => offer.service)).toEqual([...OPTIONAL_SERVICES]);
    expect(inside.offers.find((offer) => offer.service === 'door_removal')?.amount).toBe(
      SEEDED_TARIFFS.doorRemoval,
    );
    expect(checkoutServices(SEEDED_TARIFFS, { method: 'pickup' }, 8_990_000, sofa).offers).toEqual([]);
    expect(
      checkoutServices(SEEDED_TARIFFS, { method: 'courier', zone: 'region' }, 8_990_000, sofa).offers,
    ).toEqual([]);
    expect(checkoutServices(SEEDED_TARIFFS, { method: 'courier' }, 8_990_000, sofa).offers).toEqual([]);
  });

  test.prop([fc.option(fc.integer({ min: -5, max: 50 }), { nil: null }), fc.boolean()])(
    'availability: units on hand only when tracked and not sold «под заказ»',
    (stock, backorderAllowed) => {
      const available = availableOf({ stock, backorderAllowed });
      expect(available).toBe(stock === null || backorderAllowed ? null : Math.max(0, stock));
    },
  );

  test.prop([fc.integer({ min: 0, max: 100_000_000 })])(
    'pickup is free; courier free from 30 000 ₽',
    (goods) => {
      expect(deliveryOf('pickup', goods).delivery).toBe(0);
      expect(deliveryOf('courier', goods).delivery).toBe(goods >= 3_000_000 ? 0 : null);
    },
  );
});
