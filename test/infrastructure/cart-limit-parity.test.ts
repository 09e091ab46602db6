import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { Quantity } from '../../api/cart';
import { MAX_LINE_QUANTITY } from '../../src/domain/cart';

describe('the cart line limit', () => {
  it('is the same in the browser domain and in the API contract', () => {
    const accepts = Schema.is(Quantity);
    expect(accepts(MAX_LINE_QUANTITY)).toBe(true);
    // Above the domain's limit the contract refuses too, so a cart the browser keeps is always savable.
    expect(accepts(MAX_LINE_QUANTITY + 1)).toBe(false);
  });
});
