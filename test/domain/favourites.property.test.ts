import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  addFavourite,
  type FavouriteItem,
  type Favourites,
  favouriteIds,
  localOnlyFavourites,
  MAX_FAVOURITES,
  parseStoredFavourites,
  removeFavourite,
  unionFavourites,
} from '../../src/domain/favourites';
import { productFieldsArb, productIdArb } from './product.arbitraries';

const itemArb: fc.Arbitrary<FavouriteItem> = fc
  .tuple(productIdArb, productFieldsArb)
  .map(([id, fields]) => ({ ...fields, id }));

const listArb: fc.Arbitrary<Favourites> = fc.uniqueArray(itemArb, {
  selector: (item) => item.id,
  maxLength: 12,
});

/** Ids as a sorted array: the set the union laws speak about. */
function idSet(list: Favourites): number[] {
  return favouriteIds(list).sort((a, b) => a - b);
}

function isValidList(list: Favourites): boolean {
  const ids = list.map((item) => item.id);
  return new Set(ids).size === ids.length && ids.every((id) => Number.isSafeInteger(id) && id > 0);
}

describe('unionFavourites is a semilattice on ids', () => {
  test.prop([listArb, listArb])('commutative as sets of ids', (a, b) => {
    expect(idSet(unionFavourites(a, b))).toEqual(idSet(unionFavourites(b, a)));
  });

  test.prop([listArb, listArb, listArb])('associative', (a, b, c) => {
    expect(idSet(unionFavourites(unionFavourites(a, b), c))).toEqual(
      idSet(unionFavourites(a, unionFavourites(b, c))),
    );
  });

  test.prop([listArb])('idempotent, order and data included', (a) => {
    expect(unionFavourites(a, a)).toEqual(a);
  });

  test.prop([listArb, listArb])('never loses an id and invents none', (server, local) => {
    const union = unionFavourites(server, local);
    expect(idSet(union)).toEqual([...new Set([...idSet(server), ...idSet(local)])].sort((x, y) => x - y));
    expect(isValidList(union)).toBe(true);
  });

  test.prop([listArb, listArb])('server order first, then exactly the local-only items', (server, local) => {
    const union = unionFavourites(server, local);
    expect(favouriteIds(union)).toEqual([
      ...favouriteIds(server),
      ...favouriteIds(localOnlyFavourites(local, server)),
    ]);
  });

  test.prop([listArb, listArb])(
    'after pushing the local-only items the server has the union',
    (server, local) => {
      const pushed = [...server, ...localOnlyFavourites(local, server)];
      expect(idSet(pushed)).toEqual(idSet(unionFavourites(server, local)));
      expect(localOnlyFavourites(local, pushed)).toEqual([]);
    },
  );
});

describe('editing laws', () => {
  test.prop([listArb, itemArb])('adding twice equals adding once', (list, item) => {
    const once = addFavourite(list, item);
    const twice = once.ok ? addFavourite(once.value, item) : once;
    expect(twice).toEqual(once);
  });

  test.prop([listArb, itemArb])(
    'an added id is a favourite, and removing it leaves the rest',
    (list, item) => {
      const added = addFavourite(list, item);
      expect(added.ok).toBe(true);
      if (!added.ok) return;
      expect(favouriteIds(added.value)).toContain(item.id);
      expect(removeFavourite(added.value, item.id)).toEqual(removeFavourite(list, item.id));
    },
  );
});

describe('parseStoredFavourites laws', () => {
  test.prop([fc.jsonValue()])('any JSON value decodes to a valid list', (value) => {
    const list = parseStoredFavourites(value);
    expect(isValidList(list)).toBe(true);
    expect(list.length).toBeLessThanOrEqual(MAX_FAVOURITES);
  });

  test.prop([fc.array(fc.oneof(fc.anything(), fc.record({ id: fc.anything() })))])(
    'any array of anything decodes to a valid list',
    (value) => {
      expect(isValidList(parseStoredFavourites(value))).toBe(true);
    },
  );

  test.prop([listArb])('a stored valid list comes back unchanged (JSON round trip)', (list) => {
    expect(parseStoredFavourites(JSON.parse(JSON.stringify(list)))).toEqual(list);
  });
});
