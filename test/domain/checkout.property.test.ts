import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../shared-rules/cart-limits-rule';
import {
  attemptFor,
  type CheckoutValues,
  checkoutOrder,
  EMPTY_CHECKOUT,
  validateCheckout,
  validateCheckoutField,
} from '../../src/domain/checkout';

const text = fc.string({ maxLength: 30 });
const values: fc.Arbitrary<CheckoutValues> = fc.record({
  name: text,
  phone: text,
  email: text,
  delivery: fc.constantFrom('courier' as const, 'pickup' as const),
  address: text,
  comment: text,
  promoCode: text,
  payment: fc.constantFrom('online' as const, 'on_delivery' as const),
  consent: fc.boolean(),
  details: fc.constant(EMPTY_CHECKOUT.details),
});
const cart = fc.array(
  fc.record({
    id: fc.integer({ min: 1, max: 8 }),
    name: fc.constant('Товар'),
    quantity: fc.integer({ min: 1, max: 5000 }),
  }),
  { maxLength: 6 },
);

describe('checkout rules', () => {
  test.prop([values])('the form is valid exactly when no field has a message', (form) => {
    const errors = validateCheckout(form);
    for (const field of ['name', 'phone', 'email', 'address', 'comment', 'promoCode', 'consent'] as const)
      expect(errors[field] ?? null).toBe(validateCheckoutField(field, form));
  });

  test.prop([values, cart])(
    'the order carries trimmed text, no empty optional field, an address only for a courier, and quantities within the limit',
    (form, lines) => {
      const order = checkoutOrder(form, lines);
      expect(order.contact).toEqual({
        name: form.name.trim(),
        phone: form.phone.trim(),
        email: form.email.trim(),
      });
      expect('comment' in order).toBe(form.comment.trim() !== '');
      expect('promoCode' in order).toBe(form.promoCode.trim() !== '');
      expect('address' in order.delivery).toBe(form.delivery === 'courier');
      expect(new Set(order.cart.map((line) => line.id)).size).toBe(order.cart.length);
      for (const line of order.cart) expect(line.quantity).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
      expect(order.paymentMethod).toBe(form.payment);
    },
  );

  test.prop([values, values, cart, cart])(
    'an attempt keeps its key exactly while the same order is sent again',
    (first, second, firstCart, secondCart) => {
      let made = 0;
      const makeKey = () => `key-${++made}`;
      const attempt = attemptFor(null, checkoutOrder(first, firstCart), makeKey);
      const next = attemptFor(attempt, checkoutOrder(second, secondCart), makeKey);
      const sameOrder =
        JSON.stringify(checkoutOrder(first, firstCart)) === JSON.stringify(checkoutOrder(second, secondCart));
      expect(next.key === attempt.key).toBe(sameOrder);
      expect(attemptFor(next, checkoutOrder(second, secondCart), makeKey)).toBe(next);
      expect(attemptFor(null, checkoutOrder(EMPTY_CHECKOUT, []), makeKey).key).not.toBe(next.key);
    },
  );
});
