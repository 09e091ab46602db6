/**
 * A fetch stand-in for adapter tests: every request is recorded, and the answer comes from the
 * handler the test gives. It is handed to the adapters through their config (no module mocks).
 */
interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly credentials: RequestCredentials | undefined;
  readonly headers: Headers;
  readonly body: string | FormData | null;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeFetch {
  readonly fetch: typeof globalThis.fetch;
  readonly requests: RecordedRequest[];
}

export function fakeFetch(handler: FetchHandler): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const rawBody = init?.body;
    const body =
      rawBody === undefined || rawBody === null
        ? null
        : rawBody instanceof FormData
          ? rawBody
          : typeof rawBody === 'string'
            ? rawBody
            : new TextDecoder().decode(rawBody as Uint8Array);
    const recorded: RecordedRequest = {
      method: init?.method ?? 'GET',
      url,
      credentials: init?.credentials,
      headers: new Headers(init?.headers),
      body,
    };
    requests.push(recorded);
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return handler(recorded);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
}

export function html(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/html' } });
}

/** A fetch that never answers until its signal aborts — for timeouts and cancellation. */
export function hangingFetch(): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push({
      method: init?.method ?? 'GET',
      url: String(input),
      credentials: init?.credentials,
      headers: new Headers(init?.headers),
      body: null,
    });
    return new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export const TEST_BASE_URL = 'http://shop.test/';
