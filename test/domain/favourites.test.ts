import { describe, expect, it } from 'vitest';
import {
  addFavourite,
  type Favourites,
  favouriteIds,
  isFavourite,
  localOnlyFavourites,
  MAX_FAVOURITES,
  normaliseFavourites,
  parseStoredFavourites,
  removeFavourite,
  unionFavourites,
} from '../../src/domain/favourites';
import { err, ok } from '../../src/domain/validation-result';

const sofa = { id: 1, name: 'Диван «Осло»', price: 45990 };
const chair = { id: 2, name: 'Стул «Берн»', price: 7990 };
const lamp = { id: 3, name: 'Лампа «Луна»', price: null };

describe('addFavourite', () => {
  it('adds a new product at the end', () => {
    expect(addFavourite([sofa], chair)).toEqual(ok([sofa, chair]));
  });

  it('is de-duplicated by id: adding an id already there changes nothing', () => {
    expect(addFavourite([sofa, chair], { id: 1, name: 'Другое имя' })).toEqual(ok([sofa, chair]));
  });

  it('rejects an invalid id', () => {
    expect(addFavourite([], { id: 0 })).toEqual(err('invalid-product-id'));
    expect(addFavourite([], { id: 1.5 })).toEqual(err('invalid-product-id'));
  });

  it('refuses a new favourite in a full list', () => {
    const full: Favourites = Array.from({ length: MAX_FAVOURITES }, (_, index) => ({ id: index + 1 }));
    expect(addFavourite(full, { id: MAX_FAVOURITES + 1 })).toEqual(err('favourites-full'));
    expect(addFavourite(full, { id: 1 })).toEqual(ok(full));
  });

  it('copies only product fields', () => {
    const item = { id: 4, name: 'Полка', RAZDEL: 'x' } as unknown as { id: number };
    expect(addFavourite([], item)).toEqual(ok([{ id: 4, name: 'Полка' }]));
  });
});

describe('removeFavourite, isFavourite, favouriteIds', () => {
  it('removes only the given id', () => {
    expect(removeFavourite([sofa, chair], 1)).toEqual([chair]);
    expect(removeFavourite([sofa, chair], 9)).toEqual([sofa, chair]);
  });

  it('answers membership and lists ids once each', () => {
    expect(isFavourite([sofa], 1)).toBe(true);
    expect(isFavourite([sofa], 2)).toBe(false);
    expect(favouriteIds([sofa, chair, { id: 1 }])).toEqual([1, 2]);
  });

  it('normalises by dropping invalid ids and keeping the first of repeated ids', () => {
    expect(normaliseFavourites([sofa, { id: -2 }, { id: 1, name: 'Второй' }, chair])).toEqual([sofa, chair]);
  });
});

describe('unionFavourites', () => {
  it('puts the server list first, then local-only items in local order', () => {
    expect(unionFavourites([chair, sofa], [lamp, sofa])).toEqual([chair, sofa, lamp]);
  });

  it('overlays the server product data on the local one for shared ids', () => {
    expect(unionFavourites([{ id: 1, price: 39990 }], [{ id: 1, name: 'Диван', price: 45990 }])).toEqual([
      { id: 1, name: 'Диван', price: 39990 },
    ]);
  });

  it('handles empty sides', () => {
    expect(unionFavourites([], [sofa])).toEqual([sofa]);
    expect(unionFavourites([sofa], [])).toEqual([sofa]);
    expect(unionFavourites([], [])).toEqual([]);
  });
});

describe('localOnlyFavourites', () => {
  it('lists what the server lacks, in local order', () => {
    expect(localOnlyFavourites([lamp, sofa, chair], [sofa])).toEqual([lamp, chair]);
    expect(localOnlyFavourites([sofa], [sofa, chair])).toEqual([]);
  });
});

describe('parseStoredFavourites', () => {
  it.each([null, undefined, 'favorites', 3, { id: 1 }, true])('reads %j as the empty list', (value) => {
    expect(parseStoredFavourites(value)).toEqual([]);
  });

  it('keeps valid items with their well-typed fields and accepts bare ids', () => {
    const stored = JSON.parse(
      '[{"id":1,"name":"Диван","price":"45990"},5,"6",{"id":"7","badge":"hot"}]',
    ) as unknown;
    expect(parseStoredFavourites(stored)).toEqual([
      { id: 1, name: 'Диван', price: 45990 },
      { id: 5 },
      { id: 6 },
      { id: 7 },
    ]);
  });

  it('drops invalid entries and keeps the first of repeated ids', () => {
    expect(
      parseStoredFavourites([
        null,
        {},
        { id: 0 },
        -1,
        'abc',
        [3],
        { id: 2, name: 'А' },
        { id: 2, name: 'Б' },
      ]),
    ).toEqual([{ id: 2, name: 'А' }]);
  });

  it('keeps only the first MAX_FAVOURITES of an oversized value', () => {
    const stored = Array.from({ length: 5000 }, (_, index) => ({ id: index + 1 }));
    const list = parseStoredFavourites(stored);
    expect(list).toHaveLength(MAX_FAVOURITES);
    expect(list.at(-1)).toEqual({ id: MAX_FAVOURITES });
  });
});
