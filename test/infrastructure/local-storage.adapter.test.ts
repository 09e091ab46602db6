// @vitest-environment jsdom
import { fc, test } from '@fast-check/vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StorageSlot } from '../../src/application/ports/key-value-storage.port';
import {
  ADMIN_COUNTERS_SLOT,
  ADMIN_LAST_SEEN_SLOT,
  CART_SLOT,
  CLIENT_COUNTERS_SLOT,
  CLIENT_LAST_SEEN_SLOT,
  FAVOURITES_SLOT,
  MAX_STORED_CHARS,
  RECENTLY_VIEWED_SLOT,
} from '../../src/application/ports/storage-slots';
import { LocalStorageAdapter } from '../../src/infrastructure/local-storage.adapter';
import { RecordingLogger } from './recording-logger';

// Slots are invariant in their value; the tests only round-trip what a slot itself decoded.
function anySlot<T>(slot: StorageSlot<T>): StorageSlot<unknown> {
  return { key: slot.key, decode: slot.decode, encode: (value) => slot.encode(value as T) };
}

const ALL_SLOTS: readonly StorageSlot<unknown>[] = [
  CART_SLOT,
  FAVOURITES_SLOT,
  RECENTLY_VIEWED_SLOT,
  ADMIN_COUNTERS_SLOT,
  CLIENT_COUNTERS_SLOT,
  ADMIN_LAST_SEEN_SLOT,
  CLIENT_LAST_SEEN_SLOT,
].map((slot) => anySlot(slot as StorageSlot<unknown>));

const HOSTILE_VALUES: readonly (readonly [string, string])[] = [
  ['garbage JSON', '{"id": 1, quantity'],
  ['HTML', '<html><body>oops</body></html>'],
  ['a foreign object', JSON.stringify({ items: [{ id: 1 }], version: 3 })],
  ['a number', '42'],
  ['null', 'null'],
  ['a string', '"cart"'],
  ['wrong entry types', JSON.stringify([{ id: 'abc', quantity: -3 }, null, 7, [1], { id: 1.5 }])],
  // jsdom's quota is 5 000 000 code units per origin, so this is as large as a stored value gets.
  ['a 5 MB string', `[${'1,'.repeat(2_490_000)}1]`],
  ['the empty string', ''],
  ['prototype pollution', '{"__proto__": {"polluted": true}, "newOrders": 3}'],
];

let adapter: LocalStorageAdapter;
let logger: RecordingLogger;

beforeEach(() => {
  localStorage.clear();
  logger = new RecordingLogger();
  adapter = new LocalStorageAdapter(localStorage, window, logger);
});

describe('LocalStorageAdapter reads', () => {
  it('reads valid values back as written', () => {
    const cart = [{ id: 5, quantity: 2, name: 'Стол', price: 12_000 }];
    adapter.write(CART_SLOT, cart);
    adapter.write(RECENTLY_VIEWED_SLOT, [3, 2, 1]);
    adapter.write(ADMIN_LAST_SEEN_SLOT, 1_700_000_000_000);

    expect(adapter.read(CART_SLOT)).toEqual(cart);
    expect(adapter.read(RECENTLY_VIEWED_SLOT)).toEqual([3, 2, 1]);
    expect(adapter.read(ADMIN_LAST_SEEN_SLOT)).toBe(1_700_000_000_000);
    expect(logger.warnings).toEqual([]);
  });

  it('never persists an invalid value: a write stores what the decoder would read back', () => {
    adapter.write(CART_SLOT, [
      { id: 1, quantity: 0 },
      { id: 2, quantity: 3 },
    ]);
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([{ id: 2, quantity: 3 }]);
    expect(adapter.read(CART_SLOT)).toEqual([{ id: 2, quantity: 3 }]);
    expect(logger.warnings).toEqual([]);
  });

  it('removes a slot', () => {
    adapter.write(RECENTLY_VIEWED_SLOT, [1]);
    adapter.remove(RECENTLY_VIEWED_SLOT);
    expect(localStorage.getItem(RECENTLY_VIEWED_SLOT.key)).toBeNull();
  });

  it('gives each slot its empty value when nothing is stored', () => {
    expect(adapter.read(CART_SLOT)).toEqual([]);
    expect(adapter.read(FAVOURITES_SLOT)).toEqual([]);
    expect(adapter.read(RECENTLY_VIEWED_SLOT)).toEqual([]);
    expect(adapter.read(ADMIN_COUNTERS_SLOT)).toEqual({
      newOrders: 0,
      orderUpdates: 0,
      newRequests: 0,
      newRequestMessages: 0,
    });
    expect(adapter.read(CLIENT_COUNTERS_SLOT)).toEqual({
      orderStatusChanges: 0,
      requestReplies: 0,
      promoUpdates: 0,
    });
    expect(adapter.read(CLIENT_LAST_SEEN_SLOT)).toBeNull();
  });

  for (const slot of ALL_SLOTS) {
    it.each(HOSTILE_VALUES)(`replaces %s under '${slot.key}' with a valid value`, (_label, raw) => {
      localStorage.setItem(slot.key, raw);

      const value = adapter.read(slot);

      // What is stored now decodes to itself: the next start-up reads clean data.
      const stored = localStorage.getItem(slot.key);
      expect(slot.decode(stored)).toEqual(value);
      expect(stored === null ? 0 : stored.length).toBeLessThanOrEqual(MAX_STORED_CHARS);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  it('keeps the valid lines of a partly corrupt cart', () => {
    localStorage.setItem(
      CART_SLOT.key,
      JSON.stringify([{ id: 1, quantity: 2 }, { id: 'x' }, { id: 2, quantity: '3' }]),
    );
    expect(adapter.read(CART_SLOT)).toEqual([
      { id: 1, quantity: 2 },
      { id: 2, quantity: 3 },
    ]);
    expect(logger.warnings).toEqual(["Stored value under 'cart' was invalid and has been replaced"]);
  });

  test.prop([fc.string({ maxLength: 300 })])(
    'never throws on any stored text and stores a fixed point',
    (raw) => {
      localStorage.clear();
      for (const slot of ALL_SLOTS) {
        localStorage.setItem(slot.key, raw);
        const value = adapter.read(slot);
        expect(adapter.read(slot)).toEqual(value);
      }
    },
  );

  test.prop([fc.jsonValue({ maxDepth: 3 })])('never throws on any stored JSON value', (json) => {
    localStorage.clear();
    for (const slot of ALL_SLOTS) {
      localStorage.setItem(slot.key, JSON.stringify(json));
      const value = adapter.read(slot);
      expect(slot.decode(localStorage.getItem(slot.key))).toEqual(value);
    }
  });
});

describe('LocalStorageAdapter when storage fails', () => {
  it('behaves as empty storage when the browser refuses access, and logs', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    const blocked = new LocalStorageAdapter(refusing, window, logger);

    expect(blocked.read(CART_SLOT)).toEqual([]);
    expect(() => blocked.write(CART_SLOT, [{ id: 1, quantity: 1 }])).not.toThrow();
    expect(() => blocked.remove(CART_SLOT)).not.toThrow();
    expect(logger.warnings).toHaveLength(3);
  });

  it('works without any storage at all', () => {
    const none = new LocalStorageAdapter(null, null, logger);
    none.write(FAVOURITES_SLOT, [{ id: 1 }]);
    expect(none.read(FAVOURITES_SLOT)).toEqual([]);
    expect(none.onExternalChange(FAVOURITES_SLOT, () => undefined)).toBeTypeOf('function');
  });
});

describe('LocalStorageAdapter cross-tab changes', () => {
  function otherTabWrites(key: string | null, newValue: string | null): void {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  }

  it('delivers another tab’s change to the slot decoded', () => {
    const seen: unknown[] = [];
    adapter.onExternalChange(CART_SLOT, (cart) => seen.push(cart));

    otherTabWrites('cart', JSON.stringify([{ id: 9, quantity: 4 }]));
    otherTabWrites('favorites', JSON.stringify([{ id: 1 }]));
    otherTabWrites('cart', 'not json');
    otherTabWrites('cart', null);
    otherTabWrites(null, null);

    expect(seen).toEqual([[{ id: 9, quantity: 4 }], [], [], []]);
  });

  it('ignores other storage areas and stops after unsubscribe', () => {
    const seen: unknown[] = [];
    const stop = adapter.onExternalChange(RECENTLY_VIEWED_SLOT, (list) => seen.push(list));

    window.dispatchEvent(
      new StorageEvent('storage', { key: 'recentlyViewed', newValue: '[1]', storageArea: sessionStorage }),
    );
    otherTabWrites('recentlyViewed', '[2,1]');
    stop();
    otherTabWrites('recentlyViewed', '[3]');

    expect(seen).toEqual([[2, 1]]);
  });
});
