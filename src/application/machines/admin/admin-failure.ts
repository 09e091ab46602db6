import { isPortFailure } from '../../ports/port-failure';

/** What a failed admin call tells the manager (Russian; the server's own message when it sent one). */
export const ADMIN_FAILURE_MESSAGES = {
  network: 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
  forbidden: 'Сессия администратора закончилась. Войдите снова.',
  notFound: 'Запись не найдена: возможно, её уже удалили.',
  conflict: 'Данные успели измениться. Обновите страницу и повторите.',
  generic: 'Не удалось выполнить действие. Попробуйте ещё раз.',
} as const;

/** The text a failed call shows beside the form or the dialog that made it. */
export function adminFailureMessage(error: unknown): string {
  if (!isPortFailure(error)) return ADMIN_FAILURE_MESSAGES.generic;
  if (error.serverMessage !== undefined && error.serverMessage.trim() !== '') return error.serverMessage;
  if (error.kind === 'network' || error.kind === 'timeout') return ADMIN_FAILURE_MESSAGES.network;
  if (error.status === 401 || error.status === 403) return ADMIN_FAILURE_MESSAGES.forbidden;
  if (error.status === 404) return ADMIN_FAILURE_MESSAGES.notFound;
  if (error.status === 409) return ADMIN_FAILURE_MESSAGES.conflict;
  return ADMIN_FAILURE_MESSAGES.generic;
}
