/**
 * Whether an error means "the database cannot serve right now" (restarting, gone, frozen, overloaded)
 * rather than "this request is wrong" or "our code is wrong": such a request answers 503 with a Russian
 * message and `Retry-After`, never a 500 (docs/operations.md, «Database outages»). Pure and total: it
 * reads `code` and `message` of the error and of its causes (drizzle wraps the driver's error in
 * `cause`; Node's happy-eyeballs connect wraps attempts in `errors`), at most a few levels deep.
 */

/**
 * SQLSTATE classes that are outages as a whole: 08 connection exception, 53 insufficient resources
 * (too many connections, disk full, out of memory), 57P admin shutdown / crash / cannot connect now.
 */
const OUTAGE_SQLSTATE_PREFIXES = ['08', '53', '57P'] as const;

/**
 * Single SQLSTATEs: 57014 query_canceled (our statement_timeout, or a cancel), 55P03 lock_not_available
 * (our lock_timeout), 25P03 idle_in_transaction_session_timeout.
 */
const OUTAGE_SQLSTATES: ReadonlySet<string> = new Set(['57014', '55P03', '25P03']);

/** Socket errors on the way to the database server. */
const OUTAGE_SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Messages node-postgres and PGlite give without a code: a dropped connection, the pool's and the
 * client's timeouts, a client or pool already shut, a closed embedded database.
 */
const OUTAGE_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
];

/** How deep `cause` / `errors` chains are followed (a cycle or a long chain ends there). */
const MAX_DEPTH = 4;

function field(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[name];
  } catch {
    // A hostile getter: treat as absent.
    return undefined;
  }
}

function isOutageCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  if (OUTAGE_SQLSTATES.has(code) || OUTAGE_SOCKET_CODES.has(code)) return true;
  return /^[0-9A-Z]{5}$/.test(code) && OUTAGE_SQLSTATE_PREFIXES.some((prefix) => code.startsWith(prefix));
}

function isOutageMessage(message: unknown): boolean {
  return typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message));
}

export function isDatabaseOutage(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  if (isOutageCode(field(error, 'code')) || isOutageMessage(field(error, 'message'))) return true;
  if (isDatabaseOutage(field(error, 'cause'), depth + 1)) return true;
  const errors = field(error, 'errors');
  return Array.isArray(errors) && errors.slice(0, 8).some((inner) => isDatabaseOutage(inner, depth + 1));
}

/**
 * The pause before reconnect attempt `attempt` (0-based) of a lost connection: exponential from
 * `baseMs`, capped at `capMs`, with "equal jitter" — half fixed, half drawn from `random` (a number in
 * [0, 1)) — so processes that lost the database together do not knock on it in step. Pure.
 */
interface ReconnectBackoff {
  readonly baseMs: number;
  readonly capMs: number;
}

export const LISTENER_BACKOFF: ReconnectBackoff = { baseMs: 250, capMs: 5000 };

export function reconnectDelayMs(backoff: ReconnectBackoff, attempt: number, random: number): number {
  const exponent = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 30) : 30;
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** exponent);
  const share = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1) : 0;
  return Math.round(ceiling / 2 + (ceiling / 2) * share);
}
