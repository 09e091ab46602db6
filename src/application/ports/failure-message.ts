import { isPortFailure } from './port-failure';

/**
 * What a failed call says to the shopper. The server's own Russian message is shown when it sent
 * one for a refused request (4xx); transport trouble gets a sentence about the connection; anything
 * else the fallback the screen gives. Machines and views share it, so a failure reads the same
 * wherever it is shown.
 */
const NETWORK_MESSAGE = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';

export function failureMessage(error: unknown, fallback: string): string {
  if (!isPortFailure(error)) return fallback;
  if (error.kind === 'network' || error.kind === 'timeout') return NETWORK_MESSAGE;
  if (error.kind === 'bad-request' && error.serverMessage && error.serverMessage.trim() !== '')
    return error.serverMessage;
  return fallback;
}
