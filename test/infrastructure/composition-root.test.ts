import { describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_PORT } from '../../src/application/ports/admin-orders.port';
import { AUTH_PORT } from '../../src/application/ports/auth.port';
import { CART_PORT } from '../../src/application/ports/cart.port';
import { CATALOGUE_PORT } from '../../src/application/ports/catalogue.port';
import { CLIENTS_PORT } from '../../src/application/ports/clients.port';
import { CLOCK_PORT } from '../../src/application/ports/clock.port';
import { COOKIES_PORT } from '../../src/application/ports/cookies.port';
import { FAVOURITES_PORT } from '../../src/application/ports/favourites.port';
import { GEO_PORT } from '../../src/application/ports/geo.port';
import { KEY_VALUE_STORAGE_PORT } from '../../src/application/ports/key-value-storage.port';
import { LOGGER_PORT } from '../../src/application/ports/logger.port';
import { NAVIGATION_PORT } from '../../src/application/ports/navigation.port';
import { NEWS_PORT } from '../../src/application/ports/news.port';
import { NOTIFICATIONS_SUMMARY_PORT } from '../../src/application/ports/notifications-summary.port';
import { NOTIFIER_PORT } from '../../src/application/ports/notifier.port';
import { ORDERS_PORT } from '../../src/application/ports/orders.port';
import { PAGES_PORT } from '../../src/application/ports/pages.port';
import { PAYMENTS_PORT } from '../../src/application/ports/payments.port';
import type { PortToken } from '../../src/application/ports/port-token';
import { REQUESTS_PORT } from '../../src/application/ports/requests.port';
import { SPEECH_RECOGNITION_PORT } from '../../src/application/ports/speech-recognition.port';
import { CART_SLOT } from '../../src/application/ports/storage-slots';
import { SUBSCRIBE_PORT } from '../../src/application/ports/subscribe.port';
import { VIEWED_PORT } from '../../src/application/ports/viewed.port';
import {
  attachRouterNavigation,
  createAppContainer,
  resolvePort,
} from '../../src/infrastructure/composition-root';
import { fakeFetch, json } from './fake-fetch';
import { RecordingLogger } from './recording-logger';

const EVERY_PORT: readonly PortToken<unknown>[] = [
  ADMIN_ORDERS_PORT,
  AUTH_PORT,
  CART_PORT,
  CATALOGUE_PORT,
  CLIENTS_PORT,
  CLOCK_PORT,
  COOKIES_PORT,
  FAVOURITES_PORT,
  GEO_PORT,
  KEY_VALUE_STORAGE_PORT,
  LOGGER_PORT,
  NAVIGATION_PORT,
  NEWS_PORT,
  NOTIFICATIONS_SUMMARY_PORT,
  NOTIFIER_PORT,
  ORDERS_PORT,
  PAGES_PORT,
  PAYMENTS_PORT,
  REQUESTS_PORT,
  SPEECH_RECOGNITION_PORT,
  SUBSCRIBE_PORT,
  VIEWED_PORT,
];

describe('createAppContainer', () => {
  it('serves every port, one adapter per container', () => {
    const app = createAppContainer({ apiBaseUrl: 'http://shop.test/', window: null });
    for (const token of EVERY_PORT) {
      const first = resolvePort(app, token);
      expect(first, String(token.description)).toBeDefined();
      expect(resolvePort(app, token)).toBe(first);
    }
    const other = createAppContainer({ apiBaseUrl: 'http://shop.test/', window: null });
    expect(resolvePort(other, CART_PORT)).not.toBe(resolvePort(app, CART_PORT));
  });

  it('wires the HTTP adapters to the configured base URL, fetch and logger', async () => {
    const server = fakeFetch(() => json({ authenticated: false, tempPasswordActive: false }));
    const logger = new RecordingLogger();
    const app = createAppContainer({
      apiBaseUrl: 'https://api.shop.test/',
      fetch: server.fetch,
      window: null,
      logger,
    });

    await resolvePort(app, AUTH_PORT).checkAuth();
    await expect(resolvePort(app, CART_PORT).load(0)).rejects.toMatchObject({ kind: 'precondition' });

    expect(server.requests.map((request) => request.url)).toEqual(['https://api.shop.test/api/check-auth']);
    expect(logger.warnings).toHaveLength(1);
  });

  it('runs the browser adapters in their no-browser mode without a window', () => {
    const app = createAppContainer({ apiBaseUrl: '/', window: null });
    expect(resolvePort(app, KEY_VALUE_STORAGE_PORT).read(CART_SLOT)).toEqual([]);
    expect(resolvePort(app, COOKIES_PORT).get('geoCity')).toBeNull();
    expect(resolvePort(app, SPEECH_RECOGNITION_PORT).isSupported()).toBe(false);
  });

  it('routes navigation through the router once attached', () => {
    const app = createAppContainer({ apiBaseUrl: '/', window: null });
    const routed: string[] = [];
    attachRouterNavigation(app, (to) => routed.push(to));
    resolvePort(app, NAVIGATION_PORT).navigate('/login');
    expect(routed).toEqual(['/login']);
  });

  it('uses the injected clock', () => {
    const app = createAppContainer({ apiBaseUrl: '/', window: null, clock: { now: () => 42 } });
    expect(resolvePort(app, CLOCK_PORT).now()).toBe(42);
  });
});
