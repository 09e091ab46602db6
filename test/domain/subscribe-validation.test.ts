import { describe, expect, it } from 'vitest';
import {
  SUBSCRIBE_CONSENT_DEFAULT,
  SUBSCRIBE_CONSENT_REQUIRED_MESSAGE,
  validateSubscribe,
} from '../../src/domain/subscribe-validation';
import { err, ok } from '../../src/domain/validation-result';

describe('validateSubscribe', () => {
  // The spec's default is checked; 152-FZ wants the subscriber's own tick (docs/decisions/consent-checkboxes.md).
  it('has the spec’s consent message and an unchecked default', () => {
    expect(SUBSCRIBE_CONSENT_REQUIRED_MESSAGE).toBe('Вам нужно принять правила');
    expect(SUBSCRIBE_CONSENT_DEFAULT).toBe(false);
  });

  it('accepts an e-mail with an at sign and given consent, trimmed', () => {
    expect(validateSubscribe({ email: '  anna@mail.ru ', consent: true })).toEqual(
      ok({ email: 'anna@mail.ru' }),
    );
  });

  it('needs only an at sign, not a full address (the spec’s rule for this form)', () => {
    expect(validateSubscribe({ email: 'anna@', consent: true })).toEqual(ok({ email: 'anna@' }));
  });

  it.each(['', '   ', 'anna.mail.ru', '\t\n'])('sends %j to the error state', (email) => {
    expect(validateSubscribe({ email, consent: true })).toEqual(err({ kind: 'invalid-email' }));
  });

  it('asks for consent when the box is unchecked', () => {
    expect(validateSubscribe({ email: 'anna@mail.ru', consent: false })).toEqual(
      err({ kind: 'consent-required', message: 'Вам нужно принять правила' }),
    );
  });

  it('checks the e-mail before the consent', () => {
    expect(validateSubscribe({ email: '', consent: false })).toEqual(err({ kind: 'invalid-email' }));
  });

  it('treats a consent that is not exactly true as not given', () => {
    const input = { email: 'anna@mail.ru', consent: 'yes' } as unknown as { email: string; consent: boolean };
    expect(validateSubscribe(input).ok).toBe(false);
  });
});
