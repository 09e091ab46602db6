/**
 * The favourites list (spec §4 "Favourites"): kept locally under 'favorites', merged with the
 * server list by id when signed in, de-duplicated by id when adding.
 *
 * Invariant kept by every function and restored by the decoder: each id is a positive safe integer
 * and appears once. Nothing throws; invalid input lines are ignored.
 */
import { decodeProductFields, decodeProductId, isProductId, isRecord, type ProductFields } from './product';
import { err, ok, type Result } from './validation-result';

/** A favourite: a product id and whatever product data was known when it was added. */
export interface FavouriteItem extends ProductFields {
  readonly id: number;
}

/** The favourites list, in display order. */
export type Favourites = readonly FavouriteItem[];

/**
 * Most favourites one list holds. The spec gives no limit; this one bounds what a corrupt or foreign
 * stored value can make the page render. `addFavourite` refuses to go past it and the decoder keeps
 * the first MAX_FAVOURITES. A union keeps every id (no favourite may vanish on login).
 */
export const MAX_FAVOURITES = 500;

export type FavouritesError = 'invalid-product-id' | 'favourites-full';

/** The list with invalid ids dropped and repeated ids reduced to their first occurrence. */
export function normaliseFavourites(list: Favourites): Favourites {
  const byId = new Map<number, FavouriteItem>();
  for (const item of list) {
    if (isProductId(item.id) && !byId.has(item.id)) byId.set(item.id, item);
  }
  return [...byId.values()];
}

/** Whether the product is among the favourites. */
export function isFavourite(list: Favourites, id: number): boolean {
  return list.some((item) => item.id === id);
}

/** The ids of the list, in order, each once. */
export function favouriteIds(list: Favourites): number[] {
  return normaliseFavourites(list).map((item) => item.id);
}

/**
 * Adds a product to the end of the list. Adding an id that is already there changes nothing
 * (spec: "Adding is de-duplicated by id"), so adding twice equals adding once.
 */
export function addFavourite(list: Favourites, item: FavouriteItem): Result<Favourites, FavouritesError> {
  if (!isProductId(item.id)) return err('invalid-product-id');
  const current = normaliseFavourites(list);
  if (isFavourite(current, item.id)) return ok(current);
  if (current.length >= MAX_FAVOURITES) return err('favourites-full');
  return ok([...current, { ...decodeProductFields(item), id: item.id }]);
}

/** The list without this id (unchanged when it is not there). */
export function removeFavourite(list: Favourites, id: number): Favourites {
  return normaliseFavourites(list).filter((item) => item.id !== id);
}

/**
 * Server and local lists merged by id on sign-in (spec: "merged (union by id)"). Order: the server's
 * items in server order, then local-only items in local order. Where both have an id the server's
 * product data overlays the local one. As a set of ids this is a union: associative, commutative and
 * idempotent.
 */
export function unionFavourites(server: Favourites, local: Favourites): Favourites {
  const serverItems = normaliseFavourites(server);
  const localItems = normaliseFavourites(local);
  const localById = new Map(localItems.map((item) => [item.id, item]));
  const serverIds = new Set(serverItems.map((item) => item.id));
  return [
    ...serverItems.map((item) => {
      const mine = localById.get(item.id);
      return mine ? { ...mine, ...item } : item;
    }),
    ...localItems.filter((item) => !serverIds.has(item.id)),
  ];
}

/** Local items the server does not have yet, in local order: what sign-in pushes to the server. */
export function localOnlyFavourites(local: Favourites, server: Favourites): Favourites {
  const serverIds = new Set(favouriteIds(server));
  return normaliseFavourites(local).filter((item) => !serverIds.has(item.id));
}

/**
 * A valid favourites list from any stored JSON value: anything but an array is empty. Entries are
 * objects with a product id (digits allowed) or a bare id; other entries are dropped, product fields
 * of the wrong type are left out one by one, repeated ids keep their first occurrence, and only the
 * first MAX_FAVOURITES are kept.
 */
export function parseStoredFavourites(value: unknown): FavouriteItem[] {
  if (!Array.isArray(value)) return [];
  const byId = new Map<number, FavouriteItem>();
  for (const entry of value as readonly unknown[]) {
    if (byId.size >= MAX_FAVOURITES) break;
    const id = decodeProductId(isRecord(entry) ? entry.id : entry);
    if (id === null || byId.has(id)) continue;
    byId.set(id, isRecord(entry) ? { ...decodeProductFields(entry), id } : { id });
  }
  return [...byId.values()];
}
