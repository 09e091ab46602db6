import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../../src/application/machines/checkout.machine';
import {
  attemptFor,
  type CheckoutValues,
  EMPTY_CHECKOUT,
  checkoutOrder as orderFromCheckout,
  validateCheckout,
} from '../../../src/domain/checkout';
import { parseOrderId } from '../../../src/ui/routes/-client/placed-orders';
import {
  parseAccountSearch,
  parseLoginSearch,
  parseThankYouSearch,
} from '../../../src/ui/routes/-client/search-params';

const VALID: CheckoutValues = {
  ...EMPTY_CHECKOUT,
  name: ' Анна ',
  phone: '+7 900 123-45-67',
  email: 'anna@example.ru',
  address: 'Невский пр., 1',
  consent: true,
};

describe('checkout form', () => {
  it('accepts a complete form and asks for the address only for courier delivery', () => {
    expect(validateCheckout(VALID)).toEqual({});
    expect(validateCheckout({ ...VALID, address: '  ' })).toEqual({ address: 'Укажите адрес доставки' });
    expect(validateCheckout({ ...VALID, delivery: 'pickup', address: '' })).toEqual({});
  });

  it('counts characters, not UTF-16 units, against the 500-character comment limit', () => {
    expect(validateCheckout({ ...VALID, comment: '😀'.repeat(500) })).toEqual({});
    expect(validateCheckout({ ...VALID, comment: '😀'.repeat(501) }).comment).toBe('Не более 500 символов');
  });

  it('sends trimmed text, no empty optional fields, and no address for pickup', () => {
    const order = orderFromCheckout({ ...VALID, delivery: 'pickup', comment: '   ', promoCode: '' }, [
      { id: 3, quantity: 12_000 },
    ]);
    expect(order).toEqual({
      cart: [{ id: 3, quantity: 999 }],
      contact: { name: 'Анна', phone: '+7 900 123-45-67', email: 'anna@example.ru' },
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      consent: true,
    });
  });

  test.prop([fc.string(), fc.string(), fc.string(), fc.string(), fc.string(), fc.boolean()])(
    'never throws and reports every invalid field with a Russian message',
    (name, phone, email, address, comment, consent) => {
      const errors = validateCheckout({ ...EMPTY_CHECKOUT, name, phone, email, address, comment, consent });
      for (const message of Object.values(errors)) expect(message).toMatch(/[А-Яа-яЁё]/u);
      if (!consent) expect(errors.consent).toBeDefined();
    },
  );

  it('keeps the key for a retry of the same order and makes a new one for a changed order', () => {
    let counter = 0;
    const makeKey = () => `key-${++counter}-abcdefgh`;
    const order = orderFromCheckout(VALID, [{ id: 1, quantity: 1 }]);
    const first = attemptFor(null, order, makeKey);
    expect(attemptFor(first, orderFromCheckout(VALID, [{ id: 1, quantity: 1 }]), makeKey)).toBe(first);
    const changed = attemptFor(first, orderFromCheckout(VALID, [{ id: 1, quantity: 2 }]), makeKey);
    expect(changed.key).not.toBe(first.key);
  });

  it('makes 32-hex-character keys from 16 random bytes', () => {
    expect(newIdempotencyKey((bytes) => bytes.fill(255))).toBe('f'.repeat(32));
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});

describe('search parameters of the client routes', () => {
  it('keeps only usable values and names every key so raw values cannot leak through', () => {
    expect(parseOrderId('812')).toBe(812);
    for (const bad of ['0', '-1', '1.5', '1e3', '01', ' ', '99999999999999999', null, {}]) {
      expect(parseOrderId(bad)).toBeNull();
    }
    expect(parseThankYouSearch({ order: 5, payment: 'failed' })).toEqual({
      order: 5,
      orderId: undefined,
      payment: 'failed',
    });
    expect(parseLoginSearch({ redirect: '//evil.example', email: '  a@b.ru ', showMsg: '1' })).toEqual({
      redirect: undefined,
      email: 'a@b.ru',
      showMsg: 1,
    });
    expect(parseAccountSearch({ tab: 'admin' })).toEqual({ tab: undefined });
    expect(parseAccountSearch({ tab: 'promo' })).toEqual({ tab: 'promo' });
  });
});
