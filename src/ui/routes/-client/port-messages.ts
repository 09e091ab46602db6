import { isPortFailure } from '../../../application/ports/port-failure';

/**
 * What a failed call says to the shopper. The server's own Russian message is shown when it sent
 * one for a refused request (4xx); transport trouble gets a sentence about the connection; anything
 * else the fallback the screen gives.
 */
const NETWORK_MESSAGE = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';

export function failureMessage(error: unknown, fallback: string): string {
  if (!isPortFailure(error)) return fallback;
  if (error.kind === 'network' || error.kind === 'timeout') return NETWORK_MESSAGE;
  if (error.kind === 'bad-request' && error.serverMessage && error.serverMessage.trim() !== '')
    return error.serverMessage;
  return fallback;
}

/** The contract's error code of a refused request, when there is one. */
export function failureCode(error: unknown): string | null {
  return isPortFailure(error) ? (error.code ?? null) : null;
}

export function failureStatus(error: unknown): number | null {
  return isPortFailure(error) ? (error.status ?? null) : null;
}
