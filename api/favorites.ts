import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { ProductSummary } from './products';
import { Id, IdFromString } from './query-fields';

const FavoriteItem = ProductSummary;

const Ok = Schema.Struct({ ok: Schema.Boolean });

/** A share hash: 22 URL-safe characters (128 random bits). */
const ShareHash = Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9_-]{16,64}$/)));

export const listFavorites = defineEndpoint({
  method: 'GET',
  path: '/api/favorites',
  summary: "The client's favourites (own list only)",
  tag: 'favorites',
  query: Schema.Struct({ clientId: IdFromString }),
  response: Schema.Array(FavoriteItem),
  errorStatuses: [401, 403],
});

export const addFavorite = defineEndpoint({
  method: 'POST',
  path: '/api/favorites',
  summary: 'Adds a product to the favourites (idempotent)',
  tag: 'favorites',
  body: Schema.Struct({ clientId: Id, productId: Id }),
  response: Ok,
  errorStatuses: [401, 403, 404, 415],
});

export const removeFavorite = defineEndpoint({
  method: 'DELETE',
  path: '/api/favorites/:clientId/:productId',
  summary: 'Removes one product from the favourites',
  tag: 'favorites',
  params: Schema.Struct({ clientId: IdFromString, productId: IdFromString }),
  response: Ok,
  errorStatuses: [401, 403],
});

export const clearFavorites = defineEndpoint({
  method: 'DELETE',
  path: '/api/favorites/:clientId',
  summary: 'Removes every favourite',
  tag: 'favorites',
  params: Schema.Struct({ clientId: IdFromString }),
  response: Ok,
  errorStatuses: [401, 403],
});

export const shareFavorites = defineEndpoint({
  method: 'POST',
  path: '/api/favorites/share',
  summary:
    'Saves a snapshot of a list and returns its hash; without productIds a signed-in client shares the saved favourites',
  tag: 'favorites',
  body: Schema.Struct({
    productIds: Schema.optionalKey(
      Schema.Array(Id).pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(200))),
    ),
  }),
  response: Schema.Struct({ hash: ShareHash }),
  successStatus: 201,
  errorStatuses: [401, 415, 422, 429],
});

export const getSharedFavorites = defineEndpoint({
  method: 'GET',
  path: '/api/favorites/share/:hash',
  summary: 'A shared list (public); an unknown hash is 404',
  tag: 'favorites',
  params: Schema.Struct({ hash: ShareHash }),
  response: Schema.Struct({ products: Schema.Array(FavoriteItem) }),
  errorStatuses: [404],
});
