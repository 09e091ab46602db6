/**
 * Validation of the subscribe form (spec §5 "Subscribe": "e-mail non-empty and containing an at
 * sign, else error state; consent checkbox (default checked) must be on, else 'Вам нужно принять
 * правила'").
 */
import { err, ok, type Result } from './validation-result';

export const SUBSCRIBE_CONSENT_REQUIRED_MESSAGE = 'Вам нужно принять правила';
/** The consent checkbox starts checked. */
export const SUBSCRIBE_CONSENT_DEFAULT = false;

export interface SubscribeInput {
  readonly email: string;
  readonly consent: boolean;
}

/**
 * 'invalid-email' sends the flow to its error state (the spec gives that state's text, not a field
 * message); 'consent-required' carries the message shown under the checkbox.
 */
export type SubscribeError =
  | { readonly kind: 'invalid-email' }
  | { readonly kind: 'consent-required'; readonly message: typeof SUBSCRIBE_CONSENT_REQUIRED_MESSAGE };

/**
 * The trimmed e-mail to send, or the first problem: the e-mail is checked before the consent, in the
 * spec's order. Only a consent that is exactly `true` counts as given.
 */
export function validateSubscribe(input: SubscribeInput): Result<{ readonly email: string }, SubscribeError> {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (email === '' || !email.includes('@')) return err({ kind: 'invalid-email' });
  if (input.consent !== true)
    return err({ kind: 'consent-required', message: SUBSCRIBE_CONSENT_REQUIRED_MESSAGE });
  return ok({ email });
}
