import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedHomeMeasurements } from '../../../shared-rules/home-measurements-rule';
import { CATALOGUE_PORT, type CataloguePort } from '../../../src/application/ports/catalogue.port';
import type { DeliveryPort, ProductsDelivery } from '../../../src/application/ports/delivery.port';
import { HOME_MEASUREMENTS_SLOT } from '../../../src/application/ports/order-draft-slots';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { provide } from '../../support/test-ports';
import { productDetail, strictFake } from '../routes/route-test-support';
import {
  CLIENT_7,
  type ClientFakes,
  clientPorts as clientPortsOf,
  type FakeSession,
  GUEST,
  LAMP,
  renderClientRoute,
  SOFA,
  startTestShop,
} from './client-test-support';

/**
 * Issue 23, items 5–6 (docs/delivery-dates.md «Поместится?»): on the real /product/$slug and /cart
 * routes the shopper enters the door, corridor and lift once; they are kept (the browser for a
 * guest, the account for a client, the guest's moving into an empty account); each large item says
 * whether its packed box passes and why; the cart says «Привезём …» for all its lines from the
 * server's answer. (Axe runs over the panel in Chromium: test/e2e/fit-panel.test.ts.)
 */
afterEach(cleanup);

const PROMISE = { from: '2026-12-03', to: '2026-12-07', text: 'Привезём 3–7 декабря' };
/** A sofa packed 230 × 95 × 90 cm: its narrowest side is 90 cm. */
const SOFA_BOX = { widthCm: 230, depthCm: 95, heightCm: 90 };

const PRODUCT = productDetail();

const factsOf = (productId: number) =>
  productId === LAMP.id
    ? { productId, promise: { ...PROMISE, to: '2026-12-04' }, itemClass: null, packed: null }
    : { productId, promise: PROMISE, itemClass: 'sofa' as const, packed: SOFA_BOX };

/** The cart asks by ids (each list recorded in `asked`), the product page by its slug (in `askedSlugs`). */
function deliveryFake(asked: number[][], askedSlugs: string[] = []): Partial<DeliveryPort> {
  return {
    products: async (productIds): Promise<ProductsDelivery> => {
      asked.push([...productIds]);
      return { items: productIds.map(factsOf), together: PROMISE };
    },
    productBySlug: async (slug) => {
      askedSlugs.push(slug);
      return factsOf(PRODUCT.id);
    },
  };
}

/** The client's ports with a catalogue that has the product page's product. */
function productShop(session: FakeSession, fakes: ClientFakes, stored: Record<string, string> = {}) {
  const ports = [
    ...clientPortsOf(session, fakes),
    provide(
      CATALOGUE_PORT,
      strictFake<CataloguePort>('CataloguePort', {
        listCategories: async () => [],
        productBySlug: async () => PRODUCT,
        recommendationsByCollection: async () => [],
        recommendationsByStyle: async () => [],
      }),
    ),
  ];
  return { ports, test: startTestShop(ports, { stored }) };
}

const typeInto = (label: string, value: string) =>
  act(() => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } }));

describe('«Поместится?» on the product page', () => {
  it('lets a guest enter the sizes once, checks them, keeps them in the browser and says why the box does not pass', async () => {
    const askedSlugs: string[] = [];
    const session: FakeSession = { answer: GUEST };
    const { ports, test } = productShop(session, { delivery: deliveryFake([], askedSlugs) });
    await renderClientRoute(`/product/${PRODUCT.slug}`, ports, test.shop);

    const panel = await screen.findByTestId('fit-panel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Поместится?' })).toBeTruthy();
    // «Привезём …» and the packed box came from the one read of the product's delivery facts.
    expect(screen.getByTestId('delivery-promise').textContent).toBe('Привезём 3–7 декабря');
    expect(askedSlugs).toEqual([PRODUCT.slug]);

    // Nothing typed: the door is asked for; a word is not a size; the cabin is asked while there is a lift.
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить размеры' })));
    expect(within(panel).getByText('Укажите: ширина двери.')).toBeTruthy();
    expect(within(panel).getByText('Укажите: ширина кабины лифта.')).toBeTruthy();
    typeInto('Ширина двери, см', 'восемьдесят');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить размеры' })));
    expect(within(panel).getByText('Ширина двери: целое число сантиметров.')).toBeTruthy();
    expect(screen.getByLabelText('Ширина двери, см', { exact: false }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    typeInto('Ширина двери, см', '20');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить размеры' })));
    expect(within(panel).getByText('Ширина двери: от 40 до 300 см.')).toBeTruthy();

    typeInto('Ширина двери, см', '80');
    act(() => fireEvent.click(within(panel).getByRole('radio', { name: 'Нет лифта' })));
    expect(within(panel).queryByLabelText('Ширина кабины лифта', { exact: false })).toBeNull();
    typeInto('Этаж', '5');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить размеры' })));

    const verdict = await within(panel).findByTestId('fit-verdict');
    expect(within(verdict).getByText('Не пройдёт')).toBeTruthy();
    expect(
      within(verdict).getByText('Не пройдёт в дверь: ширина упаковки 90 см больше проёма 80 см'),
    ).toBeTruthy();
    expect(within(verdict).getByText('Лифта нет — подъём по лестнице, этаж 5')).toBeTruthy();
    expect(within(panel).getByText('Ваши размеры: Дверь 80 см, нет лифта, этаж 5.')).toBeTruthy();

    // Editing: a wider door and a lift the box fits.
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Изменить размеры' })));
    typeInto('Ширина двери, см', '100');
    act(() => fireEvent.click(within(panel).getByRole('radio', { name: 'Есть лифт' })));
    typeInto('Ширина кабины лифта', '110');
    typeInto('Глубина кабины лифта', '240');
    typeInto('Высота кабины лифта', '210');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить размеры' })));
    const passes = await within(panel).findByText('Пройдёт');
    expect(passes).toBeTruthy();
    expect(within(panel).getByText('Пройдёт в дверь')).toBeTruthy();
    expect(within(panel).getByText('Поместится в лифт')).toBeTruthy();
  });

  it('reads a client’s sizes from the account, moving the guest’s in when the account has none, and shows the server’s refusal', async () => {
    const guestHome: SavedHomeMeasurements = {
      doorWidthCm: 85,
      doorHeightCm: null,
      corridorWidthCm: null,
      lift: { widthCm: 110, depthCm: 240, heightCm: 210 },
      floor: 9,
    };
    const account: { saved: SavedHomeMeasurements | null; calls: string[] } = { saved: null, calls: [] };
    const session: FakeSession = { answer: CLIENT_7 };
    let refuse = false;
    const { ports, test } = productShop(
      session,
      {
        delivery: deliveryFake([]),
        clients: {
          homeMeasurements: async (clientId) => {
            account.calls.push(`get ${clientId}`);
            return account.saved;
          },
          saveHomeMeasurements: async (clientId, measurements) => {
            account.calls.push(`put ${clientId}`);
            if (refuse) {
              throw new PortFailure({
                kind: 'bad-request',
                message: '422',
                status: 422,
                code: 'invalid_home_measurements',
                serverMessage: 'Ширина двери: от 40 до 300 см.',
              });
            }
            account.saved = measurements;
            return measurements;
          },
        },
      },
      { [HOME_MEASUREMENTS_SLOT.key]: HOME_MEASUREMENTS_SLOT.encode(guestHome) },
    );
    await renderClientRoute(`/product/${PRODUCT.slug}`, ports, test.shop);
    const panel = await screen.findByTestId('fit-panel');
    // The box is 95 cm deep, 90 high: through an 85 cm door on its 90 cm side it does not go upright,
    // but the cabin 110 × 240 × 210 takes it lying along its depth.
    await within(panel).findByText('Ваши размеры: Дверь 85 см, лифт 110 × 240 × 210 см, этаж 9.');
    expect(account.calls).toEqual(['get 7', 'put 7']);
    expect(account.saved).toEqual(guestHome);
    expect(within(panel).getByText('Поместится в лифт')).toBeTruthy();

    refuse = true;
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Изменить размеры' })));
    typeInto('Ширина двери, см', '90');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить размеры' })));
    expect((await within(panel).findByRole('alert')).textContent).toBe('Ширина двери: от 40 до 300 см.');
    // The form stays with what was typed; «Отмена» goes back to the kept sizes.
    expect((screen.getByLabelText('Ширина двери, см', { exact: false }) as HTMLInputElement).value).toBe(
      '90',
    );
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Отмена' })));
    expect(
      within(panel).getByText('Ваши размеры: Дверь 85 см, лифт 110 × 240 × 210 см, этаж 9.'),
    ).toBeTruthy();
  });

  it('is not offered for a small item', async () => {
    const session: FakeSession = { answer: GUEST };
    const { ports, test } = productShop(session, {
      delivery: {
        productBySlug: async () => ({
          productId: PRODUCT.id,
          promise: PROMISE,
          itemClass: 'small_item',
          packed: SOFA_BOX,
        }),
      },
    });
    await renderClientRoute(`/product/${PRODUCT.slug}`, ports, test.shop);
    expect(await screen.findByTestId('delivery-promise')).toBeTruthy();
    expect(screen.queryByTestId('fit-panel')).toBeNull();
  });
});

describe('the cart’s delivery date and «Поместится?»', () => {
  it('says «Привезём …» for all the lines from one read and checks the large lines with the kept sizes', async () => {
    const asked: number[][] = [];
    const kept: SavedHomeMeasurements = {
      doorWidthCm: 80,
      doorHeightCm: null,
      corridorWidthCm: 95,
      lift: { widthCm: 110, depthCm: 240, heightCm: 210 },
      floor: 7,
    };
    const session: FakeSession = { answer: GUEST };
    const ports = clientPortsOf(session, { delivery: deliveryFake(asked) });
    const test = startTestShop(ports, {
      localCart: [
        { ...SOFA, quantity: 1 },
        { ...LAMP, quantity: 2 },
      ],
      stored: { [HOME_MEASUREMENTS_SLOT.key]: HOME_MEASUREMENTS_SLOT.encode(kept) },
    });
    await renderClientRoute('/cart', ports, test.shop);

    expect((await screen.findByTestId('cart-delivery-promise')).textContent).toBe('Привезём 3–7 декабря');
    expect(screen.getByTestId('cart-delivery').textContent).not.toMatch(/\bдн(я|ей)\b/);
    expect(asked).toEqual([[SOFA.id, LAMP.id]]);
    const panel = await screen.findByTestId('fit-panel');
    const verdicts = await within(panel).findAllByTestId('fit-verdict');
    // Only the sofa is large: the lamp has nothing to pass.
    expect(verdicts).toHaveLength(1);
    const [sofa] = verdicts;
    if (sofa === undefined) throw new Error('no verdict');
    expect(within(sofa).getByText('Диван «Верона»: не пройдёт')).toBeTruthy();
    expect(
      within(sofa).getByText('Не пройдёт в дверь: ширина упаковки 90 см больше проёма 80 см'),
    ).toBeTruthy();
    expect(within(sofa).getByText('Пройдёт по коридору')).toBeTruthy();
    expect(within(sofa).getByText('Поместится в лифт')).toBeTruthy();

    // A line removed: the date and the check are asked again for what is left.
    const lampLine = screen.getByRole('listitem', { name: 'Лампа «Луна»' });
    act(() => fireEvent.click(within(lampLine).getByRole('button', { name: 'Удалить' })));
    await waitFor(() => expect(asked).toEqual([[SOFA.id, LAMP.id], [SOFA.id]]));
  });

  it('shows nothing when the delivery facts cannot be read', async () => {
    const session: FakeSession = { answer: GUEST };
    const ports = clientPortsOf(session, {});
    const test = startTestShop(ports, { localCart: [{ ...SOFA, quantity: 1 }] });
    await renderClientRoute('/cart', ports, test.shop);
    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина' })).toBeTruthy();
    expect(screen.queryByTestId('cart-delivery')).toBeNull();
  });
});
