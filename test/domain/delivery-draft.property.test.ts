import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ADDRESS_ZONES, OPTIONAL_SERVICES } from '../../shared-rules/delivery-service-rule';
import { LIFT_KINDS } from '../../shared-rules/order-options-rule';
import { DELIVERY_DRAFT_SLOT } from '../../src/application/ports/order-draft-slots';
import {
  type CheckoutDeliveryDetails,
  cartQuoteRequestOf,
  parseStoredDeliveryDetails,
} from '../../src/domain/checkout';

/**
 * The delivery draft the cart and the checkout share (issue 23, item 3; docs/delivery.md «The cart's
 * «Доставка и услуги»»): whatever is stored reads as valid details, valid details read back as they
 * were, and the cart asks the quote for each detail only as the order would send it.
 */
/** What a shopper types in a number field: nothing, a whole number in or out of range, or words. */
const typed = fc.oneof(
  fc.constant(''),
  fc.integer({ min: -5, max: 600 }).map(String),
  fc.constantFrom('семь', '2.5', ' 7 '),
);

const details: fc.Arbitrary<CheckoutDeliveryDetails> = fc.record({
  zone: fc.constantFrom('' as const, ...ADDRESS_ZONES),
  kmBeyondKad: typed,
  floor: typed,
  lift: fc.constantFrom(...LIFT_KINDS),
  extras: fc.subarray([...OPTIONAL_SERVICES]),
});

describe('the delivery draft', () => {
  test.prop([fc.jsonValue()])('any stored value reads as valid details', (stored) => {
    const read = parseStoredDeliveryDetails(stored);
    expect(['', ...ADDRESS_ZONES]).toContain(read.zone);
    expect(LIFT_KINDS).toContain(read.lift);
    for (const extra of read.extras) expect(OPTIONAL_SERVICES).toContain(extra);
    expect(typeof read.kmBeyondKad === 'string' && typeof read.floor === 'string').toBe(true);
  });

  test.prop([details])('valid details read back as they were through the storage slot', (draft) => {
    expect(DELIVERY_DRAFT_SLOT.decode(DELIVERY_DRAFT_SLOT.encode(draft))).toEqual(draft);
  });

  test.prop([details])(
    'the cart asks for the draft as the order sends it: each detail only when valid',
    (draft) => {
      const { delivery } = cartQuoteRequestOf(draft, [{ id: 1, quantity: 1 }]);
      expect(delivery.method).toBe('courier');
      if (draft.zone === '') {
        expect(delivery).toEqual({ method: 'courier' });
        return;
      }
      expect(delivery.zone).toBe(draft.zone);
      expect(delivery.lift).toBe(draft.lift);
      expect(delivery.services).toEqual(draft.extras);
      const whole = (text: string, max: number) =>
        /^\s*\d+\s*$/.test(text) && Number(text) <= max ? Number(text) : undefined;
      const floor = whole(draft.floor, 100);
      expect(delivery.floor).toBe(floor !== undefined && floor >= 1 ? floor : undefined);
      expect(delivery.kmBeyondKad).toBe(
        draft.zone === 'outside_kad' ? whole(draft.kmBeyondKad, 500) : undefined,
      );
    },
  );
});
