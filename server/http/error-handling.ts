import type { FastifyError, FastifyInstance } from 'fastify';
import { apiError, ErrorCode, errorStatus } from '../../api/errors';
import { isDatabaseOutage } from '../domain/database-outage';

const BROKEN_MULTIPART_MESSAGE = 'Тело запроса multipart повреждено или оборвано.';

/** The answer while the database cannot serve (restarting, dropped, frozen, overloaded). */
const DATABASE_OUTAGE_MESSAGE = 'Сервис временно недоступен, попробуйте через минуту.';
/** Seconds a client is asked to wait: a restart of PostgreSQL takes a few; the pool reconnects by itself. */
const DATABASE_OUTAGE_RETRY_AFTER_SECONDS = 15;

const MULTIPART_PARSER_FAILURE =
  /^(Multipart: |Malformed |Unexpected end of (form|file|multipart)|Part terminated early)/;
const STREAM_CUT_SHORT = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'ERR_STREAM_DESTROYED']);

/** Whether an error is a multipart body that the parser could not read, rather than our failure. */
function isBrokenMultipart(error: Error & { code?: unknown }, contentType: string | undefined): boolean {
  if (!(contentType ?? '').toLowerCase().startsWith('multipart/')) return false;
  return (
    MULTIPART_PARSER_FAILURE.test(error.message) ||
    (typeof error.code === 'string' && STREAM_CUT_SHORT.has(error.code))
  );
}

/**
 * Every failure leaves as `{ error, message }` with a Russian message: malformed JSON and other
 * client mistakes are 4xx, anything unexpected is a logged 500 without details (no stack traces).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const send = (code: ErrorCode, httpStatus: number = errorStatus[code]) =>
      reply.code(httpStatus).send(apiError(code));
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(ErrorCode.invalidJson);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(ErrorCode.payloadTooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(ErrorCode.unsupportedMediaType);
      default:
        break;
    }
    if (error instanceof SyntaxError && status === 400) return send(ErrorCode.invalidJson);
    // A broken multipart body (no boundary, truncated, malformed part headers) fails inside the parser
    // or the upload stream with a plain Error: the client's mistake, so a 400, not a 500.
    if (isBrokenMultipart(error, request.headers['content-type'])) {
      return reply.code(400).send(apiError(ErrorCode.badRequest, BROKEN_MULTIPART_MESSAGE));
    }
    // The database is restarting, gone, frozen or out of connections (domain/database-outage.ts): not
    // our bug and not the client's, so a 503 the client may retry, and a warning rather than an error
    // in the log (the pool and the LISTEN connection recover on their own).
    if (isDatabaseOutage(error)) {
      request.log.warn(
        { event: 'database_unavailable', error: outageSummary(error) },
        'database unavailable: answered 503',
      );
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_OUTAGE_RETRY_AFTER_SECONDS))
        .send(apiError(ErrorCode.unavailable, DATABASE_OUTAGE_MESSAGE));
    }
    if (status === 413) return send(ErrorCode.payloadTooLarge);
    if (status === 415) return send(ErrorCode.unsupportedMediaType);
    if (status === 429) return send(ErrorCode.tooManyRequests);
    if (status >= 400 && status < 500) return send(ErrorCode.badRequest, status === 404 ? 404 : 400);
    request.log.error({ err: error }, 'unhandled error');
    return send(ErrorCode.internal);
  });
}

/** The driver's code and first line, never the failed SQL or its parameters (they may hold personal data). */
function outageSummary(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return `${code}: ${current.message.split('\n')[0] ?? ''}`.slice(0, 200);
    if (current.cause === undefined) return (current.message.split('\n')[0] ?? '').slice(0, 200);
    current = current.cause;
  }
  return 'unknown';
}
