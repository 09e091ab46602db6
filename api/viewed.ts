import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { Id } from './query-fields';

/** Recently viewed products of the signed-in client: ids, newest first, at most 50. */
const ViewedList = Schema.Array(Schema.Int);

export const getViewed = defineEndpoint({
  method: 'GET',
  path: '/api/viewed',
  summary: 'Recently viewed product ids of the session client, newest first (≤ 50)',
  tag: 'viewed',
  response: ViewedList,
  errorStatuses: [401, 403],
});

export const addViewed = defineEndpoint({
  method: 'POST',
  path: '/api/viewed',
  summary: 'Moves a product to the front of the list (de-duplicated, capped at 50)',
  tag: 'viewed',
  body: Schema.Struct({ productId: Id }),
  response: ViewedList,
  errorStatuses: [401, 403, 415],
});

export const clearViewed = defineEndpoint({
  method: 'DELETE',
  path: '/api/viewed',
  summary: 'Empties the list',
  tag: 'viewed',
  response: Schema.Struct({ ok: Schema.Boolean }),
  errorStatuses: [401, 403],
});
