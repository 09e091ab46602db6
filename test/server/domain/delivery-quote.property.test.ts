import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_PRICE_LATER,
  type DeliveryRequest,
  deliveryQuote,
  type QuoteGoodsLine,
  servicesTotal,
  servicesWithWindow,
} from '../../../server/domain/delivery-quote';
import {
  type ClassTariff,
  type DeliveryTariffs,
  SEEDED_TARIFFS,
  tariffProblems,
} from '../../../server/domain/delivery-tariffs';
import { OPTIONAL_SERVICES } from '../../../shared-rules/delivery-service-rule';
import { ITEM_CLASSES, type ItemClass } from '../../../shared-rules/item-class-rule';
import { LIFT_KINDS } from '../../../shared-rules/order-options-rule';

/** Issue 23, item 3 (docs/delivery.md «One quote»): the quote's rules, property-tested. */

const roubles = (max: number) => fc.integer({ min: 0, max }).map((value) => value * 100);

const classTariff: fc.Arbitrary<ClassTariff> = fc.record({
  carryPerFloor: roubles(2_000),
  carryPassengerLift: fc.option(roubles(3_000), { nil: null }),
  assembly: fc.oneof(
    roubles(10_000).map((amount) => ({ kind: 'fixed' as const, amount })),
    fc
      .integer({ min: 0, max: 10_000 })
      .map((hundredths) => ({ kind: 'percent' as const, percent: hundredths / 100 })),
  ),
});

const tariffs: fc.Arbitrary<DeliveryTariffs> = fc.record({
  freeDeliveryFrom: roubles(100_000),
  insideKad: roubles(10_000),
  outsideKadBase: roubles(10_000),
  outsideKadPerKm: roubles(200),
  freightLiftPerItem: roubles(5_000),
  dismantlingPerItem: roubles(5_000),
  doorRemoval: roubles(5_000),
  oldFurnitureRemovalPerItem: roubles(5_000),
  classes: fc.record(
    Object.fromEntries(ITEM_CLASSES.map((id) => [id, classTariff])) as Record<
      ItemClass,
      fc.Arbitrary<ClassTariff>
    >,
  ),
});

const goodsLine: fc.Arbitrary<QuoteGoodsLine> = fc.record({
  itemClass: fc.constantFrom(...ITEM_CLASSES),
  quantity: fc.integer({ min: 1, max: 20 }),
  netTotal: fc.integer({ min: 0, max: 50_000_000 }),
  assemblyAvailable: fc.boolean(),
});

const request: fc.Arbitrary<DeliveryRequest> = fc.record({
  zone: fc.constantFrom('inside_kad' as const, 'outside_kad' as const, 'pickup' as const, 'region' as const),
  kmBeyondKad: fc.integer({ min: 0, max: 200 }),
  floor: fc.integer({ min: 1, max: 40 }),
  lift: fc.constantFrom(...LIFT_KINDS),
  services: fc.subarray([...OPTIONAL_SERVICES]),
  window: fc.option(fc.record({ label: fc.constant('10:00–13:00'), price: roubles(3_000) }), { nil: null }),
});

const goods = fc.integer({ min: 0, max: 20_000_000 });

describe('the delivery quote', () => {
  test.prop([tariffs, goods, fc.array(goodsLine, { maxLength: 8 }), request])(
    'Σ lines = total, every line whole roubles and never negative',
    (tariff, total, lines, asked) => {
      const quote = deliveryQuote(tariff, total, lines, asked);
      expect(quote.total).toBe(quote.lines.reduce((sum, line) => sum + line.amount, 0));
      for (const line of quote.lines) {
        expect(line.amount).toBeGreaterThanOrEqual(0);
        expect(line.amount % 100).toBe(0);
        expect(line.label).not.toBe('');
      }
    },
  );

  test.prop([
    tariffs,
    goods,
    fc.array(goodsLine, { maxLength: 8 }),
    request,
    fc.integer({ min: 0, max: 30 }),
  ])('monotone in the floor: a higher floor never costs less', (tariff, total, lines, asked, higher) => {
    const low = deliveryQuote(tariff, total, lines, asked);
    const high = deliveryQuote(tariff, total, lines, { ...asked, floor: asked.floor + higher });
    expect(high.total).toBeGreaterThanOrEqual(low.total);
  });

  test.prop([
    tariffs,
    goods,
    fc.array(goodsLine, { maxLength: 8 }),
    request,
    fc.integer({ min: 0, max: 100 }),
  ])('monotone in the distance beyond КАД', (tariff, total, lines, asked, further) => {
    const near = deliveryQuote(tariff, total, lines, { ...asked, zone: 'outside_kad' });
    const far = deliveryQuote(tariff, total, lines, {
      ...asked,
      zone: 'outside_kad',
      kmBeyondKad: asked.kmBeyondKad + further,
    });
    expect(far.total).toBeGreaterThanOrEqual(near.total);
  });

  test.prop([tariffs, goods, fc.array(goodsLine, { maxLength: 8 }), request])(
    'from the threshold delivery itself is free (only the km beyond КАД are paid), below it it is the zone price',
    (tariff, total, lines, asked) => {
      const zone = asked.zone === 'outside_kad' ? 'outside_kad' : 'inside_kad';
      const quote = deliveryQuote(tariff, total, lines, { ...asked, zone });
      const delivery = quote.lines.find((line) => line.kind === 'delivery');
      const km = zone === 'outside_kad' ? asked.kmBeyondKad * tariff.outsideKadPerKm : 0;
      const base = zone === 'outside_kad' ? tariff.outsideKadBase : tariff.insideKad;
      expect(delivery?.amount).toBe(total >= tariff.freeDeliveryFrom ? km : base + km);
    },
  );

  test.prop([tariffs, goods, fc.array(goodsLine, { maxLength: 8 }), request])(
    'pickup from the showroom is free; another region has no lines and says the manager tells the price',
    (tariff, total, lines, asked) => {
      const pickup = deliveryQuote(tariff, total, lines, { ...asked, zone: 'pickup' });
      expect(pickup).toEqual({ lines: [], total: 0, note: null });
      const region = deliveryQuote(tariff, total, lines, { ...asked, zone: 'region' });
      expect(region).toEqual({ lines: [], total: 0, note: DELIVERY_PRICE_LATER });
    },
  );

  test.prop([tariffs, goods, fc.array(goodsLine, { maxLength: 8 }), request])(
    'choosing a service never lowers the total, and a lift never costs more than the stairs',
    (tariff, total, lines, asked) => {
      const without = deliveryQuote(tariff, total, lines, { ...asked, services: [] });
      const withAll = deliveryQuote(tariff, total, lines, { ...asked, services: [...OPTIONAL_SERVICES] });
      expect(withAll.total).toBeGreaterThanOrEqual(without.total);
      const stairs = deliveryQuote(tariff, total, lines, { ...asked, lift: 'none' });
      for (const lift of LIFT_KINDS) {
        expect(deliveryQuote(tariff, total, lines, { ...asked, lift }).total).toBeLessThanOrEqual(
          stairs.total,
        );
      }
    },
  );

  it('prices the issue example: a corner sofa outside КАД, 7th floor, no lift, assembly, a paid slot', () => {
    const quote = deliveryQuote(
      SEEDED_TARIFFS,
      8_990_000,
      [{ itemClass: 'corner_sofa', quantity: 1, netTotal: 8_990_000, assemblyAvailable: true }],
      {
        zone: 'outside_kad',
        kmBeyondKad: 12,
        floor: 7,
        lift: 'none',
        services: ['assembly'],
        window: { label: '10:00–13:00', price: 100_000 },
      },
    );
    expect(quote.lines).toEqual([
      { kind: 'delivery', label: 'Доставка за КАД, 12 км', amount: 48_000 },
      { kind: 'delivery_window', label: 'Доставка ко времени: 10:00–13:00', amount: 100_000 },
      { kind: 'carrying', label: 'Подъём на 7 этаж без лифта', amount: 180_000 },
      { kind: 'assembly', label: 'Сборка', amount: 200_000 },
    ]);
    expect(quote.total).toBe(528_000);
  });
});

describe('the tariffs check', () => {
  it('accepts the seeded Saint Petersburg tariffs', () => {
    expect(tariffProblems(SEEDED_TARIFFS)).toEqual([]);
  });

  test.prop([tariffs])('any tariffs of whole non-negative roubles pass', (tariff) => {
    expect(tariffProblems(tariff)).toEqual([]);
  });

  test.prop([tariffs, fc.integer({ min: 1, max: 100_000 })])(
    'a negative price is refused with a Russian message naming the field',
    (tariff, minus) => {
      const problems = tariffProblems({
        ...tariff,
        classes: { ...tariff.classes, sofa: { ...tariff.classes.sofa, carryPerFloor: -minus } },
      });
      expect(problems).toContainEqual({
        field: 'classes.sofa.carryPerFloor',
        message: 'Диван, подъём за этаж: цена не может быть отрицательной.',
      });
    },
  );

  it('refuses kopecks and a percent above 100', () => {
    const problems = tariffProblems({
      ...SEEDED_TARIFFS,
      doorRemoval: 40_050,
      classes: {
        ...SEEDED_TARIFFS.classes,
        wardrobe: { ...SEEDED_TARIFFS.classes.wardrobe, assembly: { kind: 'percent', percent: 120 } },
      },
    });
    expect(problems.map((problem) => problem.field)).toEqual(['doorRemoval', 'classes.wardrobe.assembly']);
    expect(problems[0]?.message).toBe('Снятие дверей: укажите цену в целых рублях.');
  });
});

describe('servicesWithWindow (the manager moves the delivery window)', () => {
  const kinds = ['delivery', 'delivery_window', 'carrying', 'assembly', 'other'] as const;
  const line = fc.record({
    kind: fc.constantFrom(...kinds),
    label: fc.string({ maxLength: 12 }),
    amount: fc.integer({ min: 0, max: 5_000 }).map((roubles) => roubles * 100),
  });
  const lineOf = (kind: 'delivery_window', label: string, amount: number) => ({ kind, label, amount });

  test.prop([fc.array(line, { maxLength: 8 }), fc.integer({ min: 0, max: 3_000 }).map((r) => r * 100)])(
    'keeps every other line in order, leaves exactly the new window (none when free), moves Σ by the price difference',
    (services, price) => {
      const moved = servicesWithWindow(services, { label: '18:00–21:00', price }, lineOf);
      const others = (lines: readonly { kind: string }[]) =>
        lines.filter((item) => item.kind !== 'delivery_window');
      expect(others(moved)).toEqual(others(services));
      const windows = moved.filter((item) => item.kind === 'delivery_window');
      expect(windows).toEqual(
        price > 0 ? [lineOf('delivery_window', 'Доставка ко времени: 18:00–21:00', price)] : [],
      );
      const oldWindows = services.filter((item) => item.kind === 'delivery_window');
      expect(servicesTotal(moved)).toBe(servicesTotal(services) - servicesTotal(oldWindows) + price);
    },
  );

  it('puts the new window where the old one stood', () => {
    const moved = servicesWithWindow(
      [
        { kind: 'delivery', label: 'Доставка', amount: 150_000 },
        { kind: 'delivery_window', label: 'Доставка ко времени: 10:00–13:00', amount: 100_000 },
        { kind: 'assembly', label: 'Сборка', amount: 200_000 },
      ],
      { label: '18:00–21:00', price: 150_000 },
      lineOf,
    );
    expect(moved.map((item) => item.label)).toEqual([
      'Доставка',
      'Доставка ко времени: 18:00–21:00',
      'Сборка',
    ]);
  });
});
