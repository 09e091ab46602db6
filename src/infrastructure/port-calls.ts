import {
  isPlainData,
  parseRecordedCalls,
  portCallKey,
  RECORDED_CALLS_ELEMENT_ID,
  RECORDED_CALLS_LIFETIME_MS,
  type RecordedCall,
  type RecordedCalls,
  type RecordedRefusal,
} from '../../api/recorded-calls';
import { isPortFailure, PortFailure } from '../application/ports/port-failure';
import type { AsyncPort } from './lazy-port';

/**
 * What the HTTP ports' calls pass through on their way to the adapters (api/recorded-calls.ts): the
 * server renderer records them, the browser answers the first page's calls from that record.
 */
export interface PortCallLayer {
  wrap<T extends AsyncPort<T>>(name: string, port: T): T;
}

type Method = (...args: unknown[]) => Promise<unknown>;

/** A proxy whose every method goes through `call(method name, arguments, the port's own method)`. */
function throughLayer<T extends AsyncPort<T>>(
  port: T,
  call: (method: string, args: unknown[], real: Method) => Promise<unknown>,
): T {
  return new Proxy(port, {
    get(target, property, receiver) {
      // Not a thenable: `await port` must not call into the adapter.
      if (property === 'then' || typeof property !== 'string') return undefined;
      const real: unknown = Reflect.get(target, property, receiver);
      if (typeof real !== 'function') return real;
      return (...args: unknown[]) =>
        call(property, args, (...again) => Promise.resolve(Reflect.apply(real, target, again)));
    },
  });
}

/**
 * The API base of the server renderer's adapters (composition-root.ts `createPageRenderContainer`): a
 * host that resolves nowhere, because the renderer's reads never leave the process. An adapter that
 * makes a link absolute against its base (an attachment's download, an export) would hand the browser
 * `http://render.invalid/…` if its answer were recorded (issue 25 item 11: the request card opened by
 * URL linked its attachment there). So no answer that names this host is recorded — the browser then
 * asks its own adapter, whose base is the real one — and no drawn page may carry it (entry-server.tsx).
 */
export const SERVER_RENDER_API_BASE = 'http://render.invalid/';

/** Whether a value or a text names the server renderer's API base anywhere in it. */
export function carriesRenderBase(value: unknown): boolean {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text?.includes('//render.invalid') === true;
}

type Outcome = { readonly value: unknown } | { readonly refusal: RecordedRefusal };

/** A 4xx the server answered, as a record; null for any other failure (never recorded). */
function refusalOf(error: unknown): RecordedRefusal | null {
  if (!isPortFailure(error) || error.kind !== 'bad-request' || error.status === undefined) return null;
  return {
    status: error.status,
    message: error.message,
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.serverMessage === undefined ? {} : { serverMessage: error.serverMessage }),
  };
}

/**
 * The server renderer's side: every call answered with plain data, or refused with a 4xx, is recorded
 * with how often it was made — except an answer naming the renderer's own API base (above).
 */
export class PortCallRecorder implements PortCallLayer {
  readonly #calls = new Map<string, { times: number; outcome: Outcome }>();

  #note(key: string | null, outcome: () => Outcome | null): void {
    if (key === null) return;
    const seen = this.#calls.get(key);
    if (seen !== undefined) {
      seen.times += 1;
      return;
    }
    const made = outcome();
    if (made !== null) this.#calls.set(key, { times: 1, outcome: made });
  }

  wrap<T extends AsyncPort<T>>(name: string, port: T): T {
    return throughLayer(port, async (method, args, real) => {
      const key = portCallKey(name, method, args);
      try {
        const value = await real(...args);
        this.#note(key, () => (isPlainData(value) && !carriesRenderBase(value) ? { value } : null));
        return value;
      } catch (error) {
        this.#note(key, () => {
          const refusal = refusalOf(error);
          return refusal === null ? null : { refusal };
        });
        throw error;
      }
    });
  }

  /** The calls in the order first made. */
  recorded(): readonly RecordedCall[] {
    return [...this.#calls].map(([key, { times, outcome }]) => ({ key, times, ...outcome }));
  }
}

export interface ReplayClock {
  /** Milliseconds since the page started (performance.now). */
  readonly sincePageStart: () => number;
  /** Epoch milliseconds (Date.now), compared with the record's `servedAt`. */
  readonly wallClock: () => number;
}

function abortReason(args: readonly unknown[]): unknown {
  for (const arg of args) {
    const signal = typeof arg === 'object' && arg !== null ? (arg as { signal?: unknown }).signal : undefined;
    if (typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal && signal.aborted) {
      return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    }
  }
  return undefined;
}

/**
 * The browser's side: a call the record holds is answered from it (as many times as the server made
 * it, within RECORDED_CALLS_LIFETIME_MS of the server writing it and of the page's start); any other
 * call, and every call after that, goes to the port itself.
 */
export class PortCallReplay implements PortCallLayer {
  readonly #calls: Map<string, { times: number; outcome: Outcome }>;
  readonly #servedAt: number;
  readonly #clock: ReplayClock;

  constructor(record: RecordedCalls | null, clock: ReplayClock) {
    this.#calls = new Map(
      (record?.calls ?? []).map((call) => [
        call.key,
        { times: call.times, outcome: 'refusal' in call ? { refusal: call.refusal } : { value: call.value } },
      ]),
    );
    this.#servedAt = record?.servedAt ?? 0;
    this.#clock = clock;
  }

  /** The recorded outcome of a call, used up once; null when there is none (any longer). */
  #take(key: string): Outcome | null {
    if (this.#calls.size === 0) return null;
    const fresh =
      Math.abs(this.#clock.wallClock() - this.#servedAt) <= RECORDED_CALLS_LIFETIME_MS &&
      this.#clock.sincePageStart() <= RECORDED_CALLS_LIFETIME_MS;
    if (!fresh) {
      this.#calls.clear();
      return null;
    }
    const entry = this.#calls.get(key);
    if (entry === undefined) return null;
    entry.times -= 1;
    if (entry.times <= 0) this.#calls.delete(key);
    return entry.outcome;
  }

  wrap<T extends AsyncPort<T>>(name: string, port: T): T {
    return throughLayer(port, async (method, args, real) => {
      const reason = abortReason(args);
      if (reason !== undefined) throw reason;
      const key = portCallKey(name, method, args);
      const recorded = key === null ? null : this.#take(key);
      if (recorded === null) return real(...args);
      if ('refusal' in recorded) throw new PortFailure({ kind: 'bad-request', ...recorded.refusal });
      return recorded.value;
    });
  }
}

/** The record of the page's document (`#shop-calls`); an empty replay without one. */
export function documentPortCalls(browser: Window): PortCallReplay {
  const element = browser.document.getElementById(RECORDED_CALLS_ELEMENT_ID);
  return new PortCallReplay(parseRecordedCalls(element?.textContent ?? null), {
    sincePageStart: () => browser.performance.now(),
    wallClock: () => Date.now(),
  });
}
