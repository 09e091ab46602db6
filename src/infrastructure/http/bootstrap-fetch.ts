import { Option, Schema } from 'effect';
import {
  PAGE_BOOTSTRAP_ELEMENT_ID,
  PAGE_BOOTSTRAP_LIFETIME_MS,
  PageBootstrap,
  readKey,
} from '../../../api/page-bootstrap';

/**
 * The API answers the page's HTML carried (server/http/page-document.ts, api/page-bootstrap.ts), served
 * to the HTTP adapters instead of a network round trip. The answers go through the adapters' usual
 * decoding, so this adds no trust: it only saves the time of asking.
 *
 * - Only GETs of the same origin, within PAGE_BOOTSTRAP_LIFETIME_MS of the page's start.
 * - A visitor's own data (`reusable: false`, the session) answers once; catalogue data may answer
 *   again (the root layout and a route both list categories).
 * - Any other method (a login, an added cart line) drops every remaining answer: what follows a change
 *   must come from the server.
 * - A missing, damaged or foreign element means no answers, never an error.
 */
export interface BootstrapSource {
  /** The JSON text of the element, or null without one. */
  readonly text: string | null;
  /** The page's origin, e.g. 'https://shop.example'. */
  readonly origin: string;
  /** Milliseconds since the page started (performance.now). */
  readonly now: () => number;
  /** The wall clock in epoch milliseconds (Date.now), compared with the server's `servedAt`. */
  readonly wallClock: () => number;
}

type Entry = PageBootstrap['reads'][string];

const decodeBootstrap = Schema.decodeUnknownOption(Schema.fromJsonString(PageBootstrap));

/** The answers of the element, or none when it is missing, damaged, or was written too long ago. */
export function parseBootstrap(text: string | null, wallClock: number): ReadonlyMap<string, Entry> {
  if (text === null || text.trim() === '') return new Map();
  const decoded = decodeBootstrap(text);
  if (Option.isNone(decoded)) return new Map();
  const age = wallClock - decoded.value.servedAt;
  // Either way: a kept copy is old, and a clock far ahead of the server's is not to be trusted either.
  if (!(Math.abs(age) <= PAGE_BOOTSTRAP_LIFETIME_MS)) return new Map();
  return new Map(Object.entries(decoded.value.reads));
}

function requestParts(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): { url: string; method: string } {
  if (typeof input === 'string') return { url: input, method: init?.method ?? 'GET' };
  if (input instanceof URL) return { url: input.href, method: init?.method ?? 'GET' };
  return { url: input.url, method: init?.method ?? input.method };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** A fetch that answers from the document first and falls back to `network`. */
export function bootstrapFetch(
  source: BootstrapSource,
  network: typeof globalThis.fetch,
): typeof globalThis.fetch {
  const entries = new Map(parseBootstrap(source.text, source.wallClock()));
  const answered = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> | null => {
    if (entries.size === 0) return null;
    const { url, method } = requestParts(input, init);
    if (method.toUpperCase() !== 'GET') {
      entries.clear();
      return null;
    }
    if (source.now() > PAGE_BOOTSTRAP_LIFETIME_MS) {
      entries.clear();
      return null;
    }
    let target: URL;
    try {
      target = new URL(url, source.origin);
    } catch {
      return null;
    }
    if (target.origin !== source.origin) return null;
    const key = readKey(`${target.pathname}${target.search}`);
    const entry = entries.get(key);
    if (entry === undefined) return null;
    if (!entry.reusable) entries.delete(key);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return Promise.resolve(
      new Response(JSON.stringify(entry.body), {
        status: entry.status,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
  };
  return (input, init) => answered(input, init) ?? network(input, init);
}

/** The page's bootstrap element as a source; null outside a browser. */
function documentBootstrapSource(browser: Window | null): BootstrapSource | null {
  if (browser === null) return null;
  const element = browser.document.getElementById(PAGE_BOOTSTRAP_ELEMENT_ID);
  return {
    text: element === null ? null : element.textContent,
    origin: browser.location.origin,
    now: () => browser.performance.now(),
    wallClock: () => Date.now(),
  };
}

/**
 * The fetch of the browser's HTTP adapters: the document's answers first, then the network (looked
 * up per call, so a test's stubbed global fetch is honoured). Undefined outside a browser.
 */
export function pageBootstrapFetch(browser: Window | null): typeof globalThis.fetch | undefined {
  const source = documentBootstrapSource(browser);
  if (source === null) return undefined;
  return bootstrapFetch(source, (input, init) => globalThis.fetch(input, init));
}
