import type { DependencyContainer } from 'tsyringe';
import { AUTH_PORT, type AuthPort } from '../../src/application/ports/auth.port';
import { CART_PORT, type CartPort } from '../../src/application/ports/cart.port';
import { CLIENTS_PORT, type ClientsPort } from '../../src/application/ports/clients.port';
import { COOKIES_PORT, type CookiesPort } from '../../src/application/ports/cookies.port';
import { FAVOURITES_PORT, type FavouritesPort } from '../../src/application/ports/favourites.port';
import { GEO_PORT, type GeoPort } from '../../src/application/ports/geo.port';
import type { StorageSlot } from '../../src/application/ports/key-value-storage.port';
import {
  KEY_VALUE_STORAGE_PORT,
  type KeyValueStoragePort,
} from '../../src/application/ports/key-value-storage.port';
import { NAVIGATION_PORT, type NavigationPort } from '../../src/application/ports/navigation.port';
import {
  NOTIFICATIONS_SUMMARY_PORT,
  type NotificationsSummaryPort,
} from '../../src/application/ports/notifications-summary.port';
import { NOTIFIER_PORT, type NotifierPort } from '../../src/application/ports/notifier.port';
import type { PortToken } from '../../src/application/ports/port-token';
import { REQUESTS_PORT, type RequestsPort } from '../../src/application/ports/requests.port';
import { SUBSCRIBE_PORT, type SubscribePort } from '../../src/application/ports/subscribe.port';
import { VIEWED_PORT, type ViewedPort } from '../../src/application/ports/viewed.port';
import type { ShopRuntime } from '../../src/application/shop-runtime';
import { createAppContainer, shopRuntimeOf } from '../../src/infrastructure/composition-root';
import { LocalStorageAdapter } from '../../src/infrastructure/local-storage.adapter';
import { type ShopSystem, startShopSystem } from '../../src/infrastructure/shop-system';
import type { PortProvision } from './test-ports';

/**
 * The page's shop system exactly as the app wires it (src/infrastructure/composition-root.ts and
 * shop-system.ts: every machine provided from its ports by `provideShopMachines`), with the test's
 * ports registered in a tsyringe child container over the app's own. Test supports start their shop
 * here instead of re-writing the machines' `.provide()` wiring by hand, so a test drives the same
 * wiring the browser runs.
 */
export interface TestPorts {
  /** The ports a test may give by token instead (`provisions`); left out, they answer as offline. */
  readonly auth?: AuthPort;
  readonly cart?: CartPort;
  readonly favourites?: FavouritesPort;
  readonly clients?: ClientsPort;
  readonly requests?: RequestsPort;
  readonly geo: GeoPort;
  readonly subscribe: SubscribePort;
  readonly viewed: ViewedPort;
  readonly summaries: NotificationsSummaryPort;
  readonly navigation: NavigationPort;
  readonly cookies: CookiesPort;
}

/** What the wiring wrote through its browser ports, newest last. */
interface WiredShopRecord {
  /** Every value written to a storage slot, newest last. */
  writesTo<T>(slot: StorageSlot<T>): T[];
  readonly toasts: string[];
}

export interface WiredTestShop {
  readonly shop: ShopRuntime;
  readonly system: ShopSystem;
  readonly container: DependencyContainer;
  readonly record: WiredShopRecord;
}

/** The fixed start time of every test shop (epoch ms). */
const TEST_SHOP_CLOCK = 1_700_000_000_000;

/** An in-memory Web Storage for the real storage adapter. */
function memoryWebStorage(initial: Readonly<Record<string, string>>): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

/** The real storage adapter over memory, recording what the machines write. */
function recordingStorage(inner: KeyValueStoragePort, record: WiredShopRecord): KeyValueStoragePort {
  return {
    read: (slot) => inner.read(slot),
    write<T>(slot: StorageSlot<T>, value: T) {
      record.writesTo(slot).push(value);
      inner.write(slot, value);
    },
    remove: (slot) => inner.remove(slot),
    onExternalChange: (slot, listener) => inner.onExternalChange(slot, listener),
  };
}

function recordingNotifier(toasts: string[]): NotifierPort {
  let next = 0;
  return {
    show: (_kind, message) => {
      toasts.push(message);
      next += 1;
      return `toast-${next}`;
    },
    update: () => undefined,
    dismiss: () => undefined,
  };
}

const SILENT_LOGGER = { warn() {}, error() {} };

/**
 * Starts the app's shop system over the given ports. `stored` is what localStorage holds at the
 * start (raw strings by key, as the browser would have them).
 */
export function startWiredTestShop(
  ports: TestPorts,
  stored: Readonly<Record<string, string>> = {},
  /** Ports by token (test-ports.ts): the views' use cases reach them, registered over the ones above. */
  provisions: readonly PortProvision[] = [],
  /**
   * 'deferred' creates the machines without starting them, as the browser does over server markup
   * (src/main.tsx: hydration renders from their initial snapshots; `system.start()` comes after).
   */
  start: 'now' | 'deferred' = 'now',
): WiredTestShop {
  const app = createAppContainer({
    window: null,
    // Every port the shop system uses is the test's own: the network is never reached.
    fetch: () => Promise.reject(new TypeError('no network in a wired test shop')),
    clock: { now: () => TEST_SHOP_CLOCK },
    logger: SILENT_LOGGER,
  });
  const container = app.createChildContainer();
  const writes = new Map<string, unknown[]>();
  const record: WiredShopRecord = {
    writesTo<T>(slot: StorageSlot<T>): T[] {
      let list = writes.get(slot.key);
      if (list === undefined) {
        list = [];
        writes.set(slot.key, list);
      }
      // The list only ever holds values written through this slot.
      return list as T[];
    },
    toasts: [],
  };
  const register = <T>(token: PortToken<T>, value: T) => container.register<T>(token, { useValue: value });
  if (ports.auth !== undefined) register(AUTH_PORT, ports.auth);
  if (ports.cart !== undefined) register(CART_PORT, ports.cart);
  if (ports.favourites !== undefined) register(FAVOURITES_PORT, ports.favourites);
  if (ports.clients !== undefined) register(CLIENTS_PORT, ports.clients);
  if (ports.requests !== undefined) register(REQUESTS_PORT, ports.requests);
  register(GEO_PORT, ports.geo);
  register(SUBSCRIBE_PORT, ports.subscribe);
  register(VIEWED_PORT, ports.viewed);
  register(NOTIFICATIONS_SUMMARY_PORT, ports.summaries);
  register(NAVIGATION_PORT, ports.navigation);
  register(COOKIES_PORT, ports.cookies);
  register(
    KEY_VALUE_STORAGE_PORT,
    recordingStorage(new LocalStorageAdapter(memoryWebStorage(stored), null, SILENT_LOGGER), record),
  );
  register(NOTIFIER_PORT, recordingNotifier(record.toasts));
  for (const provision of provisions) provision.register(container);
  const system = startShopSystem(container, { events: null, deferStart: start === 'deferred' });
  return { shop: shopRuntimeOf(system, container), system, container, record };
}
