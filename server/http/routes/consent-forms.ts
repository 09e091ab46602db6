import { register } from '../../../api/auth';
import type { EndpointDefinition } from '../../../api/endpoint';
import { createOrder } from '../../../api/orders';
import { createRequest } from '../../../api/requests';
import { subscribe } from '../../../api/subscribe';
import type { ConsentPurposeKey } from '../../../shared-rules/consent-rule';
import { storedPhone } from '../../../shared-rules/phone-number';
import { readRequestText } from '../../../shared-rules/request-text-rule';
import { normaliseEmail } from '../../domain/contact-validation';

/** Whose data a form took, as the consent record names the subject. */
interface ConsentSubject {
  readonly clientId: number | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly reference: string | null;
}

/**
 * A form of the contract that takes personal data and, when it succeeds, leaves consent records
 * (issue 26, item 3; docs/privacy.md «Which forms record consent»).
 */
export interface ConsentForm {
  readonly endpoint: EndpointDefinition;
  /** CONSENT_SOURCE_LABELS key. */
  readonly source: string;
  /** The purposes a success records, from the answer; none when the call stored nothing. */
  readonly purposes: (answer: Readonly<Record<string, unknown>>) => readonly ConsentPurposeKey[];
  /** The subject, from the request body as sent, the answer, and the signed-in client (null: none). */
  readonly subject: (
    body: Readonly<Record<string, unknown>>,
    answer: Readonly<Record<string, unknown>>,
    sessionClientId: number | null,
  ) => ConsentSubject;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const integer = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null);
const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const email = (value: unknown): string | null => {
  const typed = text(value);
  return typed === null ? null : normaliseEmail(typed);
};
const phone = (value: unknown): string | null => {
  const typed = text(value);
  return typed === null ? null : storedPhone(typed);
};

const PERSONAL_DATA: readonly ConsentPurposeKey[] = ['personal_data'];

export const CONSENT_FORMS: readonly ConsentForm[] = [
  {
    endpoint: register,
    source: 'register',
    purposes: () => PERSONAL_DATA,
    subject: (body, answer) => ({
      clientId: integer(answer.clientId),
      email: email(body.email),
      phone: phone(body.phone),
      reference: null,
    }),
  },
  {
    // The checkout, a guest's or a client's: the contract refuses it without `consent: true`.
    endpoint: createOrder,
    source: 'checkout',
    purposes: () => PERSONAL_DATA,
    subject: (_body, answer) => {
      const contact = record(answer.contact);
      const id = integer(answer.id);
      return {
        clientId: integer(answer.clientId),
        email: email(contact.email),
        phone: text(contact.phone),
        reference: id === null ? null : `order:${id}`,
      };
    },
  },
  {
    // Consultation, feedback, «Заказать звонок» and the other request forms: one endpoint.
    endpoint: createRequest,
    source: 'request',
    purposes: () => PERSONAL_DATA,
    subject: (body, answer, sessionClientId) => {
      const composed = typeof body.text === 'string' ? readRequestText(body.text) : null;
      const id = integer(answer.requestId);
      return {
        clientId: sessionClientId,
        email: email(body.email) ?? email(composed?.email),
        phone: phone(composed?.phone),
        reference: id === null ? null : `request:${id}`,
      };
    },
  },
  {
    // The newsletter: the data to send it and the advertising itself, two documents, two records.
    // `already_exists` stored nothing (the e-mail has an account: the visitor is sent to sign in).
    endpoint: subscribe,
    source: 'subscribe',
    purposes: (answer) => (answer.status === 'already_exists' ? [] : ['personal_data', 'marketing']),
    subject: (body, _answer, sessionClientId) => ({
      clientId: sessionClientId,
      email: email(body.email),
      phone: null,
      reference: null,
    }),
  },
];
