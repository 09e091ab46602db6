/**
 * The port calls a server-drawn page's document carries (issue 15, docs/architecture.md «Hydration»):
 * while drawing the page, the server renderer records every call its queries and shell machines made
 * to the HTTP ports, with the answer the port gave (already decoded and validated by the same HTTP
 * adapters and contract schemas, on the server). The browser answers the same calls from this record
 * while it hydrates, so the first render needs neither the network nor effect's HTTP and Schema code;
 * the first call the record does not hold loads them.
 *
 * No effect here: the browser's start-up code reads this module.
 */

/** The `<script type="application/json">` element of the page document holding the record. */
export const RECORDED_CALLS_ELEMENT_ID = 'shop-calls';

/**
 * How long the record may be used, counted from when the server wrote it and from when the page
 * started (as PAGE_BOOTSTRAP_LIFETIME_MS for the answers): a kept or restored document answers nothing.
 */
export const RECORDED_CALLS_LIFETIME_MS = 60_000;

/**
 * A refusal the server gave a call (a 4xx: an unknown product is a 404). Recorded so the browser shows
 * the same not-found page without asking again; network failures and 5xx are never recorded (the
 * browser tries those itself).
 */
export interface RecordedRefusal {
  readonly status: number;
  /** Developer-facing text (English). */
  readonly message: string;
  readonly code?: string;
  readonly serverMessage?: string;
}

/** One port call the server made while drawing the page: its answer, or the server's refusal. */
export type RecordedCall = {
  /** `port.method(arguments as JSON, call options left out)`: see portCallKey. */
  readonly key: string;
  /** How many times the page made it: the browser answers it as many times, then asks the network. */
  readonly times: number;
} & (
  | {
      /** The port's answer: plain JSON data (see isPlainData). */
      readonly value: unknown;
    }
  | { readonly refusal: RecordedRefusal }
);

export interface RecordedCalls {
  /** When the server wrote the record (epoch milliseconds). */
  readonly servedAt: number;
  readonly calls: readonly RecordedCall[];
}

/** Call options (an AbortSignal) are not part of what a call asks. */
function withoutSignals(_key: string, value: unknown): unknown {
  return typeof AbortSignal !== 'undefined' && value instanceof AbortSignal ? undefined : value;
}

/** A trailing argument that asks nothing: left out, absent or call options holding only a signal. */
function asksNothing(arg: unknown): boolean {
  if (arg === undefined) return true;
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return false;
  return Object.entries(arg).every(([name, value]) => value === undefined || name === 'signal');
}

/**
 * The key of a call on both sides: the port's name, the method and its arguments as JSON (call
 * options left out, so `list('sofas')` and `list('sofas', { signal })` are the same call). Null for
 * arguments JSON cannot spell (they are never recorded or answered).
 */
export function portCallKey(port: string, method: string, args: readonly unknown[]): string | null {
  let end = args.length;
  while (end > 0 && asksNothing(args[end - 1])) end -= 1;
  try {
    return `${port}.${method}${JSON.stringify(args.slice(0, end), withoutSignals)}`;
  } catch {
    return null;
  }
}

/**
 * Whether a value survives JSON unchanged in meaning: null, booleans, strings, finite numbers, arrays
 * and plain objects of these (a property that is undefined is left out by JSON, as absent). A Date, a
 * Map, a class instance or NaN would come back as something else, so such an answer is not recorded.
 */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => item === undefined || isPlainData(item, depth + 1));
}

/**
 * The record read from the document's JSON text; null for a missing or damaged one (never an error).
 * The values are not decoded again: they are the server's own decoded answers (see the module note).
 */
export function parseRecordedCalls(text: string | null): RecordedCalls | null {
  if (text === null || text.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { servedAt, calls } = parsed as { servedAt?: unknown; calls?: unknown };
  if (typeof servedAt !== 'number' || !Number.isFinite(servedAt) || !Array.isArray(calls)) return null;
  const valid: RecordedCall[] = [];
  for (const call of calls) {
    if (typeof call !== 'object' || call === null) continue;
    const { key, times } = call as { key?: unknown; times?: unknown };
    if (typeof key !== 'string' || typeof times !== 'number' || !Number.isInteger(times) || times < 1)
      continue;
    if ('value' in call) {
      const { value } = call as { value: unknown };
      if (isPlainData(value)) valid.push({ key, times, value });
      continue;
    }
    const refusal = refusalOf((call as { refusal?: unknown }).refusal);
    if (refusal !== null) valid.push({ key, times, refusal });
  }
  return { servedAt, calls: valid };
}

function refusalOf(value: unknown): RecordedRefusal | null {
  if (typeof value !== 'object' || value === null) return null;
  const { status, message, code, serverMessage } = value as Record<string, unknown>;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499) return null;
  if (typeof message !== 'string') return null;
  if (code !== undefined && typeof code !== 'string') return null;
  if (serverMessage !== undefined && typeof serverMessage !== 'string') return null;
  return {
    status,
    message,
    ...(code === undefined ? {} : { code }),
    ...(serverMessage === undefined ? {} : { serverMessage }),
  };
}
