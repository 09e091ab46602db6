import type { AnswerRead, BootstrappedRead, PageBootstrap } from '../../../api/page-bootstrap';
import { readKey } from '../../../api/read-key';
import { SERVER_RENDER_API_BASE } from '../port-calls';

/**
 * The fetch of the server-side renderer (src/entry-server.tsx). Every GET the page's queries and
 * the shell's machines make is answered in-process by the server (`answer`, an inject of the API) and
 * recorded: the recorded reads are what the page document carries, so what the document answers in
 * advance is exactly what the app asks for — the same queries, not a hand-kept copy of them.
 *
 * - A read asked again is answered from the record; a read asked more than once while loading may be
 *   reused by the browser too (it runs the same queries), a read asked once is answered once there.
 * - A read the server will not put into a document (an error, a redirect, a cookie) fails at once
 *   with 503, and the page is marked incomplete: it is then not drawn on the server, so the browser's
 *   own request decides what the visitor sees.
 * - After `settle()` nothing more is answered: a late read stays pending (a deferred block renders its
 *   placeholder, as in the browser before its answer arrives).
 * - Anything but a GET fails at once: rendering never changes anything.
 */
export interface AnsweringFetch {
  readonly fetch: typeof globalThis.fetch;
  /**
   * Waits for the reads in flight (at most `maxWaitMs`), stops answering, and returns what was read;
   * `complete` is false when a read was refused or was still in flight, `late` when one was still in
   * flight (the page ran out of time rather than failed).
   */
  settle(maxWaitMs: number): Promise<{
    readonly reads: PageBootstrap['reads'];
    readonly complete: boolean;
    readonly late: boolean;
  }>;
}

/** The session is the visitor's own and changes with every sign-in: never answered twice. */
const NEVER_REUSED = new Set(['/api/check-auth']);

function requestOf(input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  return { url, method };
}

function keyOf(url: string): string {
  try {
    const parsed = new URL(url, SERVER_RENDER_API_BASE);
    return readKey(`${parsed.pathname}${parsed.search}`);
  } catch {
    throw new TypeError(`Not answered while rendering: ${url}`);
  }
}

function responseOf(read: BootstrappedRead): Response {
  return new Response(JSON.stringify(read.body), {
    status: read.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

export function answeringFetch(answer: AnswerRead): AnsweringFetch {
  const answered = new Map<string, BootstrappedRead>();
  const inFlight = new Map<string, Promise<BootstrappedRead | null>>();
  const askedTwice = new Set<string>();
  let complete = true;
  let settled = false;

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const { url, method } = requestOf(input, init);
    const key = keyOf(url);
    if (method !== 'GET') throw new TypeError(`Not sent while rendering: ${method} ${key}`);
    if (settled) return new Promise<Response>(() => {});
    if (answered.has(key) || inFlight.has(key)) askedTwice.add(key);
    let pending = inFlight.get(key);
    if (pending === undefined) {
      const known = answered.get(key);
      pending = known !== undefined ? Promise.resolve(known) : answer(key).catch(() => null);
      if (known === undefined) {
        inFlight.set(key, pending);
        void pending.then((read) => {
          inFlight.delete(key);
          if (read === null) complete = false;
          else answered.set(key, read);
        });
      }
    }
    const read = await pending;
    if (read === null) {
      return new Response(JSON.stringify({ error: 'not_rendered' }), {
        status: 503,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    }
    return responseOf(read);
  };

  return {
    fetch,
    async settle(maxWaitMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeUp = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), Math.max(0, maxWaitMs));
      });
      while (inFlight.size > 0) {
        const outcome = await Promise.race([Promise.allSettled([...inFlight.values()]), timeUp]);
        if (outcome === 'late') break;
      }
      clearTimeout(timer);
      settled = true;
      const late = inFlight.size > 0;
      if (late) complete = false;
      const reads: Record<string, BootstrappedRead> = {};
      for (const [key, read] of answered) {
        reads[key] = { ...read, reusable: askedTwice.has(key) && !NEVER_REUSED.has(key) };
      }
      return { reads, complete, late };
    },
  };
}
