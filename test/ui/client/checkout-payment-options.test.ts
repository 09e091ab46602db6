import { describe, expect, it } from 'vitest';
import { checkoutOrder, EMPTY_CHECKOUT } from '../../../src/domain/checkout';
import { offeredPaymentOptions } from '../../../src/ui/routes/-client/checkout-form';

describe('checkout payment choices (issue 22, item 10)', () => {
  it('offers card, СБП and «Частями» only as the provider does, with «от N ₽/мес»', () => {
    expect(offeredPaymentOptions(null, null).map((option) => option.label)).toEqual([
      'При получении',
      'Картой онлайн',
    ]);
    const all = offeredPaymentOptions(['card', 'sbp', 'installments'], 916_500);
    expect(all.map((option) => option.label)).toEqual(['При получении', 'Картой онлайн', 'СБП', 'Частями']);
    expect(all.at(-1)?.hint).toMatch(/^от 9\u00a0165\u00a0₽\/мес/u);
    expect(offeredPaymentOptions(['card', 'sbp'], null).map((option) => option.value)).toEqual([
      'on_delivery',
      'online',
      'sbp',
    ]);
  });

  it('sends СБП and installments as online payment with the chosen method', () => {
    const cart = [{ id: 3, quantity: 1 }];
    const base = { ...EMPTY_CHECKOUT, name: 'Анна', phone: '+79215554433', email: 'a@b.ru', consent: true };
    expect(checkoutOrder({ ...base, payment: 'sbp' }, cart as never)).toMatchObject({
      paymentMethod: 'online',
      onlineMethod: 'sbp',
    });
    expect(checkoutOrder({ ...base, payment: 'installments' }, cart as never).onlineMethod).toBe(
      'installments',
    );
    expect(checkoutOrder({ ...base, payment: 'online' }, cart as never)).not.toHaveProperty('onlineMethod');
    expect(checkoutOrder({ ...base, payment: 'on_delivery' }, cart as never).paymentMethod).toBe(
      'on_delivery',
    );
  });
});
