/**
 * The vocabulary of 152-FZ consents (issue 26, item 3; docs/privacy.md), shared by the server's records
 * and CSV, the back office's «Согласия» and the client's account. Each purpose has its own document, a
 * static page with a version: since 1 September 2025 the personal-data consent is a document of its own,
 * apart from the privacy policy and from the marketing consent.
 */
export const CONSENT_PURPOSES = ['personal_data', 'marketing'] as const;
export type ConsentPurposeKey = (typeof CONSENT_PURPOSES)[number];

/** The static page (/pages/{slug}) that is the text a record of the purpose agrees to. */
export const CONSENT_DOCUMENT_SLUGS: Readonly<Record<ConsentPurposeKey, string>> = {
  personal_data: 'consent',
  marketing: 'marketing-consent',
};

/** The documents' titles: the pages' titles and the links' texts. */
export const CONSENT_DOCUMENT_TITLES: Readonly<Record<ConsentPurposeKey, string>> = {
  personal_data: 'Согласие на обработку персональных данных',
  marketing: 'Согласие на получение рекламных рассылок',
};

export const CONSENT_PURPOSE_LABELS: Readonly<Record<ConsentPurposeKey, string>> = {
  personal_data: 'Обработка персональных данных',
  marketing: 'Рекламные рассылки',
};

export const CONSENT_ACTION_LABELS: Readonly<Record<'given' | 'withdrawn', string>> = {
  given: 'Дано',
  withdrawn: 'Отозвано',
};

/** The forms a record comes from. */
export const CONSENT_SOURCE_LABELS: Readonly<Record<string, string>> = {
  register: 'Регистрация',
  checkout: 'Оформление заказа',
  request: 'Обращение или заявка',
  subscribe: 'Подписка на новости',
  account: 'Личный кабинет',
};

/**
 * What the seeded consent documents hold where the operator's registration details (ИНН, ОГРН) go:
 * the owner writes them in before opening, and the back office marks a page that still holds it.
 */
export const OPERATOR_DETAILS_PLACEHOLDER = '[заполните реквизит оператора]';
