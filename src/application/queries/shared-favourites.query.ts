import type { Favourites } from '../../domain/favourites';
import { FAVOURITES_PORT } from '../ports/favourites.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';

/** What /favorites/share/{hash} shows: a malformed link, a list that is gone, or the list. */
export type SharedList = { kind: 'invalid' } | { kind: 'missing' } | { kind: 'ready'; items: Favourites };

/** The contract's share hash: 16–64 URL-safe characters. Anything else never reaches the server. */
const SHARE_HASH = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Someone's shared favourites by the link's hash. A list the server cannot give (unknown, emptied, or
 * the server unreachable) is «missing»: the page says so rather than failing.
 */
export const sharedFavourites = defineUseCase(
  'favourites.shared',
  { favourites: FAVOURITES_PORT },
  ({ favourites }) =>
    async (rawHash: string, options?: CallOptions): Promise<SharedList> => {
      const hash = rawHash.trim();
      if (!SHARE_HASH.test(hash)) return { kind: 'invalid' };
      try {
        const items = await favourites.getShared(hash, options);
        return items.length === 0 ? { kind: 'missing' } : { kind: 'ready', items };
      } catch {
        return { kind: 'missing' };
      }
    },
);
