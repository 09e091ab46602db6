import { type CookieChoice, decodeCookieChoice } from '../../domain/analytics';
import { type Cart, parseStoredCart } from '../../domain/cart';
import { type Favourites, parseStoredFavourites } from '../../domain/favourites';
import {
  ADMIN_COUNTER_KEYS,
  type AdminCounters,
  CLIENT_COUNTER_KEYS,
  type ClientCounters,
  COUNTER_STORAGE_KEYS,
  decodeLastSeen,
  decodeStoredCounters,
} from '../../domain/notification-counters';
import {
  parseStoredViewed,
  RECENTLY_VIEWED_STORAGE_KEY,
  type RecentlyViewed,
} from '../../domain/recently-viewed';
import type { StorageSlot } from './key-value-storage.port';

/**
 * Every localStorage key the shop uses (spec §9: cart, favorites, adminAggCounts, adminLastSeen,
 * clientAggCounts, clientLastSeen, plus one for recently viewed ids), each with the domain decoder
 * that makes whatever is stored there valid. The cart's and checkout's own slots are in
 * order-draft-slots.ts: their decoders (the checkout domain) stay out of the entry's first path.
 */

/** Longest stored text decoded; anything longer is treated as corrupt (a 5 MB junk value, say). */
export const MAX_STORED_CHARS = 1_000_000;

/** JSON text to a value, or `undefined` when it is absent, oversized or not JSON. */
function parseStoredJson(raw: string | null): unknown {
  if (raw === null || raw.length > MAX_STORED_CHARS) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function jsonSlot<T>(key: string, decode: (value: unknown) => T): StorageSlot<T> {
  return { key, decode: (raw) => decode(parseStoredJson(raw)), encode: (value) => JSON.stringify(value) };
}

export const CART_SLOT: StorageSlot<Cart> = jsonSlot<Cart>('cart', parseStoredCart);

/** The guest's cart, kept while signed in and restored on logout (spec §4 "Anonymous carts are backed up"). */
export const GUEST_CART_BACKUP_SLOT: StorageSlot<Cart> = jsonSlot<Cart>('cartGuestBackup', parseStoredCart);

export const FAVOURITES_SLOT: StorageSlot<Favourites> = jsonSlot<Favourites>(
  'favorites',
  parseStoredFavourites,
);

/** The pre-login favourites, restored on logout (spec §4 "On logout the pre-login list is restored"). */
export const GUEST_FAVOURITES_BACKUP_SLOT: StorageSlot<Favourites> = jsonSlot<Favourites>(
  'favoritesGuestBackup',
  parseStoredFavourites,
);

export const RECENTLY_VIEWED_SLOT: StorageSlot<RecentlyViewed> = jsonSlot(
  RECENTLY_VIEWED_STORAGE_KEY,
  parseStoredViewed,
);

export const ADMIN_COUNTERS_SLOT: StorageSlot<AdminCounters> = jsonSlot(
  COUNTER_STORAGE_KEYS.adminAccumulated,
  (value) => decodeStoredCounters(ADMIN_COUNTER_KEYS, value),
);

export const CLIENT_COUNTERS_SLOT: StorageSlot<ClientCounters> = jsonSlot(
  COUNTER_STORAGE_KEYS.clientAccumulated,
  (value) => decodeStoredCounters(CLIENT_COUNTER_KEYS, value),
);

/**
 * Last-seen times are epoch milliseconds, or null for "never reset". They are stored as plain
 * digits; an ISO date written by an older build still decodes.
 */
function lastSeenSlot(key: string): StorageSlot<number | null> {
  return {
    key,
    decode: (raw) => {
      if (raw === null || raw.length > MAX_STORED_CHARS) return null;
      return decodeLastSeen(parseStoredJson(raw) ?? raw);
    },
    encode: (value) => (value === null ? '' : String(value)),
  };
}

export const ADMIN_LAST_SEEN_SLOT: StorageSlot<number | null> = lastSeenSlot(
  COUNTER_STORAGE_KEYS.adminLastSeen,
);
export const CLIENT_LAST_SEEN_SLOT: StorageSlot<number | null> = lastSeenSlot(
  COUNTER_STORAGE_KEYS.clientLastSeen,
);

/**
 * Whether this browser has loaded the shop's web fonts before (ui/shell/web-fonts.ts). index.html's
 * early script reads the same key to draw the page in them from its first paint.
 */
export const WEB_FONTS_LOADED_SLOT: StorageSlot<boolean> = {
  key: 'webFontsLoaded',
  decode: (raw) => raw === '1',
  encode: (loaded) => (loaded ? '1' : '0'),
};

/** The cookie notice's answer (issue 26, item 3): `all` allows analytics; nothing stored asks again. */
export const COOKIE_CHOICE_SLOT: StorageSlot<CookieChoice | null> = {
  key: 'cookieChoice',
  decode: decodeCookieChoice,
  encode: (choice) => choice ?? '',
};
