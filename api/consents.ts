import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';

/**
 * 152-FZ consents (issue 26, item 3; docs/privacy.md). Every form that takes personal data leaves a
 * consent record on the server; the client sees their own here and can withdraw the marketing consent
 * («Согласие на получение рекламных рассылок»), which stops the newsletter.
 */

/** What a consent is for: processing personal data (the forms) or advertising mailings (the newsletter). */
export const ConsentPurpose = Schema.Literals(['personal_data', 'marketing']);
export type ConsentPurpose = typeof ConsentPurpose.Type;

/** A record gives the consent or withdraws it; the latest record of a purpose decides. */
export const ConsentAction = Schema.Literals(['given', 'withdrawn']);

const ClientConsentRecord = Schema.Struct({
  purpose: ConsentPurpose,
  action: ConsentAction,
  /** The document's slug (/pages/{slug}) and its version at that moment. */
  document: Schema.String,
  documentVersion: Schema.Int,
  /** The form it came with: register, checkout, request, subscribe, account. */
  source: Schema.String,
  at: Schema.String,
});

export const ClientConsents = Schema.Struct({
  /** Whether the client receives advertising mailings now (the latest marketing record is «given»). */
  marketing: Schema.Boolean,
  /** Newest first. */
  records: Schema.Array(ClientConsentRecord),
});
export type ClientConsents = typeof ClientConsents.Type;

export const getClientConsents = defineEndpoint({
  method: 'GET',
  path: '/api/client/consents',
  summary: "The signed-in client's consent records and whether marketing mail is on",
  tag: 'consents',
  response: ClientConsents,
  errorStatuses: [401, 403],
});

export const withdrawMarketingConsent = defineEndpoint({
  method: 'POST',
  path: '/api/client/consents/withdraw',
  summary: 'Withdraws the marketing consent: stored as a record, the newsletter subscription ends',
  tag: 'consents',
  body: Schema.Struct({ purpose: Schema.Literal('marketing') }),
  response: ClientConsents,
  errorStatuses: [401, 403, 415],
});
