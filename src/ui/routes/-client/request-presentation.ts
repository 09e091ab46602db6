import type { OwnRequest, OwnRequestStatus } from '../../../application/ports/requests.port';

/** Request statuses as the client reads them (the shop's side of the conversation). */
export const OWN_REQUEST_STATUS_LABELS: Readonly<Record<OwnRequestStatus, string>> = {
  new: 'Получена',
  in_work: 'В работе',
  waiting_client: 'Ответ получен',
  closed: 'Закрыта',
};

export const OWN_REQUEST_KIND_LABELS: Readonly<Record<OwnRequest['kind'], string>> = {
  consultation: 'Консультация',
  feedback: 'Вопрос',
};
