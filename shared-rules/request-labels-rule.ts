/**
 * Client requests (issue 25, item 4: one vocabulary): the two kinds and four statuses of a request,
 * with their Russian names as the back office shows them and as the client reads them in the account.
 * The contract (api/requests.ts, api/admin-requests.ts), the server (server/domain/request-inbox.ts),
 * the back office's requests screens and the account import them from here;
 * test/architecture/vocabulary.test.ts fails when a label or the list of ids is typed again.
 */
export const REQUEST_KINDS = ['consultation', 'feedback'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_STATUSES = ['new', 'in_work', 'waiting_client', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The back office's name of each kind (also the «Источник» line of a request's text). */
export const REQUEST_KIND_LABELS: Readonly<Record<RequestKind, string>> = {
  consultation: 'Консультация',
  feedback: 'Обратная связь',
};

/** The back office's status: where the shop is with the request. */
export const REQUEST_STATUS_LABELS: Readonly<Record<RequestStatus, string>> = {
  new: 'Новая',
  in_work: 'В работе',
  waiting_client: 'Ждём клиента',
  closed: 'Закрыта',
};

/** The same kinds as the client reads them in the account (their feedback is a question to the shop). */
export const OWN_REQUEST_KIND_LABELS: Readonly<Record<RequestKind, string>> = {
  consultation: REQUEST_KIND_LABELS.consultation,
  feedback: 'Вопрос',
};

/** The same statuses from the client's side of the conversation («Ждём клиента» is «Ответ получен»). */
export const OWN_REQUEST_STATUS_LABELS: Readonly<Record<RequestStatus, string>> = {
  new: 'Получена',
  in_work: REQUEST_STATUS_LABELS.in_work,
  waiting_client: 'Ответ получен',
  closed: REQUEST_STATUS_LABELS.closed,
};
