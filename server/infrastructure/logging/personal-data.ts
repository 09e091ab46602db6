import type { FastifyServerOptions } from 'fastify';

/**
 * Personal data never reaches the log (issue 12, item 8; docs/security.md «Logs»). Two layers:
 * - pino `redact` removes whole fields that carry it (bodies, cookies, authorisation headers, and any
 *   `email`, `phone`, `password`, `contact` field one or two levels deep);
 * - the `err` and `req` serializers mask e-mail addresses and phone numbers inside free text: error
 *   messages and stacks (a failed query's message lists its parameters: the shopper's e-mail and
 *   phone), the causes they wrap, and request URLs (a search by e-mail travels in the query string).
 * The error serializer copies only the fields named below, never a driver's `params` or `query`.
 */

const EMAIL = /[^\s@"'<>%&=?/,;:()[\]]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;
/** A run of 10–15 digits with phone separators (a URL-encoded plus or space included). */
const PHONE = /(?:\+|%2B)?\d(?:[\d\s()-]|%20|\+){8,40}\d/gi;
const PHONE_DIGITS_MIN = 10;
const PHONE_DIGITS_MAX = 15;

const MASKED_EMAIL = '[e-mail]';
const MASKED_PHONE = '[телефон]';

/** The text with every e-mail address and phone-like run of 10–15 digits replaced by a marker. */
export function maskPersonalData(text: string): string {
  return text.replace(EMAIL, MASKED_EMAIL).replace(PHONE, (match) => {
    const digits = match.replace(/%2B|%20/gi, '').replace(/\D/g, '').length;
    return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX ? MASKED_PHONE : match;
  });
}

interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: SerializedError;
}

/** An error for the log: its kind, code and masked message and stack, and its masked causes. */
function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: maskPersonalData(String(error)), stack: '' };
  }
  const withCode = error as Error & { code?: unknown; statusCode?: unknown };
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: maskPersonalData(error.message),
    stack: maskPersonalData(error.stack ?? ''),
  };
  if (typeof withCode.code === 'string') serialized.code = withCode.code;
  if (typeof withCode.statusCode === 'number') serialized.statusCode = withCode.statusCode;
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

interface LoggedRequest {
  readonly method?: string;
  readonly url?: string;
  readonly hostname?: string;
  readonly ip?: string;
  readonly socket?: { readonly remotePort?: number };
}

/** A token in the query (`t=` of a signed pay link) is a credential: the log keeps only its name. */
const QUERY_TOKEN = /([?&](?:t|token)=)[^&#]*/gi;

/** The request line of a log entry, as Fastify's default, with the URL masked. */
function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: maskPersonalData(request.url ?? '').replace(QUERY_TOKEN, '$1[скрыто]'),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields removed from every log entry wherever a caller puts them. */
const REDACTED_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'cookies',
  'body',
  '*.body',
  '*.cookies',
  'email',
  '*.email',
  '*.*.email',
  'phone',
  '*.phone',
  '*.*.phone',
  'password',
  '*.password',
  'contact',
  '*.contact',
];

/** The Fastify logger option: level, destination, redaction and the masking serializers. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: [...REDACTED_PATHS], censor: '[скрыто]' },
    serializers: {
      err: serializeError,
      error: serializeError,
      req: serializeRequest,
    },
  };
}
