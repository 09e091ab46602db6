import { describe, expect, it } from 'vitest';
import { CART_COOKIE_PORT } from '../../src/application/ports/cart-cookie.port';
import { createAppContainer, resolvePort } from '../../src/infrastructure/composition-root';
import { PortCallRecorder, PortCallReplay } from '../../src/infrastructure/port-calls';
import { FakeCookieJar } from './fake-cookie-jar';

const SILENT = { warn() {}, error() {} };
const NO_NETWORK = () => Promise.reject(new TypeError('no network here'));

/**
 * The cart cookie's read passes through the page's call record (composition-root.ts): the server
 * render's read of the request's cookie is recorded into the document, and the browser hydrating that
 * document is answered the same lines — what the server drew — whatever its cookie holds by then.
 */
describe('the cart cookie through the page’s call record', () => {
  it('records the request’s lines on the server and answers the hydration with them once', async () => {
    const recorder = new PortCallRecorder();
    const server = createAppContainer({
      window: null,
      portCalls: recorder,
      requestCartCookie: '1.2-7.1',
      fetch: NO_NETWORK,
      logger: SILENT,
    });
    const drawn = [
      { id: 1, quantity: 2 },
      { id: 7, quantity: 1 },
    ];
    expect(await resolvePort(server, CART_COOKIE_PORT).read()).toEqual(drawn);
    const calls = recorder.recorded();
    expect(calls).toEqual([{ key: 'cartCookie.read[]', times: 1, value: drawn }]);

    // The visitor's browser: another tab changed the cart since the request.
    const jar = new FakeCookieJar('cart=1.5');
    const browser = { document: jar, location: { protocol: 'https:' } } as unknown as Window;
    const replay = new PortCallReplay(
      { servedAt: Date.now(), calls },
      { sincePageStart: () => 0, wallClock: () => Date.now() },
    );
    const page = createAppContainer({
      window: browser,
      portCalls: replay,
      fetch: NO_NETWORK,
      logger: SILENT,
    });
    const cookie = resolvePort(page, CART_COOKIE_PORT);
    expect(await cookie.read()).toEqual(drawn);
    // Then the browser's own cookie, and its writes go straight to it.
    expect(await cookie.read()).toEqual([{ id: 1, quantity: 5 }]);
    cookie.write([{ id: 3, quantity: 1 }]);
    expect(jar.writes).toEqual(['cart=3.1; Max-Age=2592000; Path=/cart; SameSite=Lax; Secure']);
  });

  it('records «no cookie» too, so a page drawn with the frame hydrates with the frame', async () => {
    const recorder = new PortCallRecorder();
    const server = createAppContainer({
      window: null,
      portCalls: recorder,
      requestCartCookie: null,
      fetch: NO_NETWORK,
      logger: SILENT,
    });
    expect(await resolvePort(server, CART_COOKIE_PORT).read()).toBeNull();
    resolvePort(server, CART_COOKIE_PORT).write([{ id: 1, quantity: 1 }]);
    expect(recorder.recorded()).toEqual([{ key: 'cartCookie.read[]', times: 1, value: null }]);
  });
});
