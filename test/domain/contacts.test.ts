import { describe, expect, it } from 'vitest';
import {
  type ContactsConfig,
  DEFAULT_CONTACTS,
  formatPhoneDisplay,
  isE164,
  mailtoHref,
  phoneHref,
  resolveContacts,
  toE164,
} from '../../src/domain/contacts';

describe('DEFAULT_CONTACTS', () => {
  it('carries the spec address and schedule character for character', () => {
    expect(DEFAULT_CONTACTS.address).toBe('Санкт-Петербург, Невский пр-т 100');
    // En dashes (U+2013) in "Пн–Вс" and between the hours, as in the spec.
    expect(DEFAULT_CONTACTS.schedule).toBe('Пн\u2013Вс: 10:00 \u2013 20:00');
  });

  it('has a phone whose two forms are the same number', () => {
    expect(isE164(DEFAULT_CONTACTS.phoneE164)).toBe(true);
    expect(toE164(DEFAULT_CONTACTS.phoneDisplay)).toBe(DEFAULT_CONTACTS.phoneE164);
    expect(formatPhoneDisplay(DEFAULT_CONTACTS.phoneE164)).toBe(DEFAULT_CONTACTS.phoneDisplay);
    expect(DEFAULT_CONTACTS.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  });
});

describe('resolveContacts', () => {
  it('uses the defaults when nothing is configured', () => {
    expect(resolveContacts(undefined)).toEqual(DEFAULT_CONTACTS);
    expect(resolveContacts(null)).toEqual(DEFAULT_CONTACTS);
    expect(resolveContacts({})).toEqual(DEFAULT_CONTACTS);
    expect(resolveContacts('oops' as unknown as ContactsConfig)).toEqual(DEFAULT_CONTACTS);
  });

  it('takes configured values, trimmed', () => {
    const contacts = resolveContacts({
      phoneDisplay: ' +7 (812) 700-00-00 ',
      phoneE164: '+78127000000',
      email: ' shop@example.ru ',
      address: 'Санкт-Петербург, Литейный пр-т 1',
      schedule: 'Пн–Пт: 09:00 – 21:00',
    });
    expect(contacts).toEqual({
      phoneDisplay: '+7 (812) 700-00-00',
      phoneE164: '+78127000000',
      email: 'shop@example.ru',
      address: 'Санкт-Петербург, Литейный пр-т 1',
      schedule: 'Пн–Пт: 09:00 – 21:00',
    });
  });

  it('falls back per field for blank, wrong-typed or malformed values', () => {
    const contacts = resolveContacts({ email: 'не почта', address: '   ', schedule: 42, phoneDisplay: '' });
    expect(contacts).toEqual(DEFAULT_CONTACTS);
  });

  it('derives the missing phone form from the configured one', () => {
    expect(resolveContacts({ phoneDisplay: '8 (812) 700-00-00' })).toMatchObject({
      phoneDisplay: '8 (812) 700-00-00',
      phoneE164: '+78127000000',
    });
    expect(resolveContacts({ phoneE164: '+78127000000' })).toMatchObject({
      phoneDisplay: '+7 (812) 700-00-00',
      phoneE164: '+78127000000',
    });
  });

  it('never pairs a configured display text with the default number', () => {
    expect(resolveContacts({ phoneDisplay: 'звоните нам' })).toMatchObject({
      phoneDisplay: DEFAULT_CONTACTS.phoneDisplay,
      phoneE164: DEFAULT_CONTACTS.phoneE164,
    });
  });
});

describe('phone forms', () => {
  it.each([
    ['+7 (812) 555-10-20', '+78125551020'],
    ['8 812 555 10 20', '+78125551020'],
    ['812 555-10-20', '+78125551020'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (display, e164) => {
    expect(toE164(display)).toBe(e164);
  });

  it.each(['', '+', '12345', 'tel:+78125551020', '+0 812 555 10 20', '+7 812 555 10 20 12345'])(
    'rejects %s',
    (text) => {
      expect(toE164(text)).toBeNull();
    },
  );

  it('shows a non-Russian number as it is', () => {
    expect(formatPhoneDisplay('+442079460958')).toBe('+442079460958');
  });

  it('builds tel: and mailto: links', () => {
    expect(phoneHref(DEFAULT_CONTACTS)).toBe('tel:+78125551020');
    expect(mailtoHref(DEFAULT_CONTACTS)).toBe('mailto:info@domistil.ru');
  });
});
