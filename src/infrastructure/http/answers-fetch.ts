import type { PageBootstrap } from '../../../api/page-bootstrap';
import { readKey } from '../../../api/read-key';

/**
 * The fetch of the server-side renderer (src/ui/entry-server.tsx): it answers only from the reads the
 * page document carries, any number of times, and never sends anything anywhere. A read it does not
 * carry stays pending: a deferred part of the page (the product's recommendations) then renders its
 * placeholder, as in the browser before the answer arrives, and a page whose loader needs such a read
 * never finishes loading, so the server's deadline drops the render and sends the loading screen.
 * Anything but a GET fails at once.
 */
export function answersOnlyFetch(reads: PageBootstrap['reads']): typeof globalThis.fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    let key: string;
    try {
      const parsed = new URL(url, 'http://render.invalid/');
      key = readKey(`${parsed.pathname}${parsed.search}`);
    } catch {
      throw new TypeError(`Not answered while rendering: ${url}`);
    }
    if (method !== 'GET') throw new TypeError(`Not sent while rendering: ${method} ${key}`);
    const entry = reads[key];
    if (entry === undefined) return new Promise<Response>(() => {});
    return new Response(JSON.stringify(entry.body), {
      status: entry.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  };
}
