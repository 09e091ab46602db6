import type { FastifyError, FastifyInstance } from 'fastify';
import { apiError, ErrorCode, errorStatus } from '../../api/errors';

const BROKEN_MULTIPART_MESSAGE = 'Тело запроса multipart повреждено или оборвано.';

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
    if (status === 413) return send(ErrorCode.payloadTooLarge);
    if (status === 415) return send(ErrorCode.unsupportedMediaType);
    if (status === 429) return send(ErrorCode.tooManyRequests);
    if (status >= 400 && status < 500) return send(ErrorCode.badRequest, status === 404 ? 404 : 400);
    request.log.error({ err: error }, 'unhandled error');
    return send(ErrorCode.internal);
  });
}
