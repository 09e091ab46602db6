import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  DEFAULT_CONTACTS,
  formatPhoneDisplay,
  isE164,
  resolveContacts,
  toE164,
} from '../../src/domain/contacts';

const anything = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.anything());
const config = fc.record(
  { phoneDisplay: anything, phoneE164: anything, email: anything, address: anything, schedule: anything },
  { requiredKeys: [] },
);
const russianE164 = fc.stringMatching(/^\+7[1-9]\d{9}$/);

describe('contacts laws', () => {
  test.prop([config])('every field is a non-blank trimmed string and the phone forms agree', (input) => {
    const contacts = resolveContacts(input);
    for (const value of Object.values(contacts)) {
      expect(typeof value).toBe('string');
      expect(value.trim()).toBe(value);
      expect(value).not.toBe('');
    }
    expect(isE164(contacts.phoneE164)).toBe(true);
  });

  test.prop([config])('a field that is not a usable string takes the default', (input) => {
    const contacts = resolveContacts(input);
    for (const key of ['address', 'schedule'] as const) {
      const given = input[key];
      if (typeof given !== 'string' || given.trim() === '') expect(contacts[key]).toBe(DEFAULT_CONTACTS[key]);
    }
  });

  test.prop([russianE164])('display and E.164 forms of a Russian number round-trip', (e164) => {
    expect(toE164(formatPhoneDisplay(e164))).toBe(e164);
  });

  test.prop([russianE164])('a configured display phone gets its own E.164 link', (e164) => {
    const display = formatPhoneDisplay(e164);
    expect(resolveContacts({ phoneDisplay: display }).phoneE164).toBe(e164);
  });
});
