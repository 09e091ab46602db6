import { Schema } from 'effect';
import { MAX_LINE_QUANTITY } from '../shared-rules/cart-limits-rule';
import { defineEndpoint } from './endpoint';
import { ProductSummary } from './products';
import { Id, IdFromString } from './query-fields';

/** Positive whole quantity, at most MAX_LINE_QUANTITY (999) of one product in one cart. */
const Quantity = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: MAX_LINE_QUANTITY })));

/** A cart line: the catalogue's product card (api/products.ts) and a quantity. */
const CartItem = Schema.Struct({ ...ProductSummary.fields, quantity: Quantity });

/** What the browser sends: ids and quantities only — names and prices always come from the catalogue. */
export const CartLineInput = Schema.Struct({ id: Id, quantity: Quantity });
export type CartLineInput = typeof CartLineInput.Type;

const ClientIdParams = Schema.Struct({ clientId: IdFromString });

export const getCart = defineEndpoint({
  method: 'GET',
  path: '/api/cart/:clientId',
  summary: "The client's saved cart (own cart only)",
  tag: 'cart',
  params: ClientIdParams,
  response: Schema.Array(CartItem),
  errorStatuses: [401, 403],
});

export const putCart = defineEndpoint({
  method: 'PUT',
  path: '/api/cart/:clientId',
  summary:
    'Replaces the saved cart; repeated ids are merged, products no longer sold are dropped, and the saved cart is returned',
  tag: 'cart',
  params: ClientIdParams,
  body: Schema.Struct({ cart: Schema.Array(CartLineInput).pipe(Schema.check(Schema.isMaxLength(200))) }),
  response: Schema.Array(CartItem),
  errorStatuses: [401, 403, 415],
});
