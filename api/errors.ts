import { Schema } from 'effect';

/**
 * The one error body of the API: `{ error: <code>, message: <Russian text> }`. `error` is a stable
 * machine-readable code the browser may branch on (spec §8: invalid_attachment_type, file_too_large);
 * `message` is shown to people as is, so it is always Russian and never a stack trace.
 */
export const ApiError = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
});
export type ApiError = typeof ApiError.Type;

/** Codes used across resources. A resource may add its own (e.g. `invalid_attachment_type`). */
export const ErrorCode = {
  badRequest: 'bad_request',
  invalidJson: 'invalid_json',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  tooManyRequests: 'too_many_requests',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default Russian messages for the shared codes; a route may give a more precise one. */
const defaultErrorMessage: Readonly<Record<ErrorCode, string>> = {
  bad_request: 'Некорректный запрос.',
  invalid_json: 'Тело запроса не является корректным JSON.',
  unauthorized: 'Требуется вход в личный кабинет.',
  forbidden: 'Недостаточно прав для этого действия.',
  not_found: 'Не найдено.',
  method_not_allowed: 'Метод не поддерживается для этого адреса.',
  conflict: 'Конфликт с текущим состоянием данных.',
  payload_too_large: 'Слишком большой запрос.',
  unsupported_media_type: 'Неподдерживаемый формат запроса.',
  too_many_requests: 'Слишком много запросов. Попробуйте позже.',
  internal_error: 'Внутренняя ошибка сервера. Попробуйте позже.',
  service_unavailable: 'Сервис временно недоступен. Попробуйте позже.',
};

/** The status each shared code is sent with. */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export const apiError = (error: string, message?: string): ApiError => ({
  error,
  message: message ?? defaultErrorMessage[error as ErrorCode] ?? defaultErrorMessage.bad_request,
});
