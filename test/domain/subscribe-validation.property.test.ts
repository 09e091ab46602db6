import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { SUBSCRIBE_CONSENT_REQUIRED_MESSAGE, validateSubscribe } from '../../src/domain/subscribe-validation';

const paddingArb = fc.constantFrom('', ' ', '\t', '\n ');
const withAtArb = fc
  .tuple(paddingArb, fc.string({ maxLength: 15 }), fc.string({ maxLength: 15 }), paddingArb)
  .map(([before, local, domain, after]) => `${before}${local}@${domain}${after}`);
const withoutAtArb = fc.string({ maxLength: 30 }).filter((text) => !text.includes('@'));

describe('validateSubscribe laws', () => {
  test.prop([withAtArb])('any text with an at sign and consent passes, and is sent trimmed', (email) => {
    expect(validateSubscribe({ email, consent: true })).toEqual({ ok: true, value: { email: email.trim() } });
  });

  test.prop([withoutAtArb, fc.boolean()])(
    'text without an at sign is always the error state',
    (email, consent) => {
      expect(validateSubscribe({ email, consent })).toEqual({ ok: false, error: { kind: 'invalid-email' } });
    },
  );

  test.prop([withAtArb])('without consent a valid e-mail gives the consent message', (email) => {
    expect(validateSubscribe({ email, consent: false })).toEqual({
      ok: false,
      error: { kind: 'consent-required', message: SUBSCRIBE_CONSENT_REQUIRED_MESSAGE },
    });
  });
});
