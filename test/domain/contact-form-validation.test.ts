import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  COMMENT_TOO_LONG_MESSAGE,
  type ContactFormContext,
  contactRequired,
  EMAIL_FORMAT_MESSAGE,
  EMAIL_OR_PHONE_REQUIRED_MESSAGE,
  isContactFormValid,
  isValidEmail,
  isValidPhone,
  MAX_ATTACHMENT_BYTES,
  PHONE_FORMAT_MESSAGE,
  PHONE_OR_EMAIL_REQUIRED_MESSAGE,
  trimContactValues,
  validateAttachment,
  validateContactField,
  validateContactForm,
} from '../../src/domain/contact-form-validation';

const consultationGuest: ContactFormContext = { form: 'consultation', hasClientId: false };
const consultationClient: ContactFormContext = { form: 'consultation', hasClientId: true };
const feedbackGuest: ContactFormContext = { form: 'feedback', hasClientId: false };
const feedbackClient: ContactFormContext = { form: 'feedback', hasClientId: true };

describe('the spec’s exact messages', () => {
  it('are character for character those of spec §5', () => {
    expect(PHONE_FORMAT_MESSAGE).toBe('Неверный формат телефона');
    expect(EMAIL_FORMAT_MESSAGE).toBe('Неверный формат email');
    expect(PHONE_OR_EMAIL_REQUIRED_MESSAGE).toBe('Укажите телефон или email');
    expect(EMAIL_OR_PHONE_REQUIRED_MESSAGE).toBe('Email обязателен или укажите телефон');
    expect(ATTACHMENT_TYPE_MESSAGE).toBe('Можно загрузить JPG, PNG, WEBP или PDF до 5 МБ.');
    expect(ATTACHMENT_SIZE_MESSAGE).toBe('Размер файла не должен превышать 5 МБ.');
    expect(COMMENT_TOO_LONG_MESSAGE).toBe('Не более 500 символов');
    expect(MAX_ATTACHMENT_BYTES).toBe(5 * 1024 * 1024);
  });
});

describe('phone format', () => {
  it.each([
    '+79991234567',
    '89991234567',
    '+7(999)123-45-67',
    '8 999 123 45 67',
    '+7 999 123-45-67',
    '(812) 123-4567',
    '123456789012345',
    '+123456789012345',
    // Issue 12: the usual Russian way of writing a number has 17 characters but 11 digits.
    '+7 (999) 123-45-67',
    '+7 (921) 555-44-33',
  ])('accepts %j', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['too short', '123456789'],
    ['too long', '1234567890123456'],
    ['two pluses', '++79991234567'],
    ['plus in the middle', '7999+1234567'],
    ['letters', '8999123456a'],
    ['dots', '8.999.123.45.67'],
    ['a tab', '8999\t1234567'],
    ['non-ASCII digits', '٨٩٩٩١٢٣٤٥٦٧'],
    // Issue 12: the digits are counted, so separators alone are not a phone.
    ['separators only', '----------'],
    ['nine digits among separators', '(123) 456-789 '],
  ])('rejects %s (%j)', (_family, phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('e-mail format', () => {
  it.each(['user@mail.ru', 'ivan.petrov+shop@yandex.ru', 'a@b.c', 'имя@почта.рф', 'x@sub.domain.com'])(
    'accepts %j',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    ['no at sign', 'user.mail.ru'],
    ['two at signs', 'user@@mail.ru'],
    ['no dot after the at sign', 'user@localhost'],
    ['a space', 'us er@mail.ru'],
    ['nothing before the at sign', '@mail.ru'],
    ['nothing after the dot', 'user@mail.'],
    ['nothing between at sign and dot', 'user@.ru'],
  ])('rejects %s (%j)', (_family, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('contactRequired', () => {
  it('feedback always, consultation only for a visitor without a client id', () => {
    expect(contactRequired(feedbackGuest)).toBe(true);
    expect(contactRequired(feedbackClient)).toBe(true);
    expect(contactRequired(consultationGuest)).toBe(true);
    expect(contactRequired(consultationClient)).toBe(false);
  });
});

describe('validateContactField (on blur)', () => {
  it('asks for a phone or an e-mail on both fields when both are empty and required', () => {
    const values = { phone: '  ', email: '' };
    expect(validateContactField('phone', values, consultationGuest)).toBe(PHONE_OR_EMAIL_REQUIRED_MESSAGE);
    expect(validateContactField('email', values, consultationGuest)).toBe(EMAIL_OR_PHONE_REQUIRED_MESSAGE);
    expect(validateContactField('phone', values, feedbackClient)).toBe(PHONE_OR_EMAIL_REQUIRED_MESSAGE);
  });

  it('lets a signed-in client leave both contacts empty on the consultation form', () => {
    expect(validateContactField('phone', {}, consultationClient)).toBeNull();
    expect(validateContactField('email', {}, consultationClient)).toBeNull();
  });

  it('one valid contact is enough', () => {
    expect(validateContactField('email', { phone: '+79991234567' }, consultationGuest)).toBeNull();
    expect(validateContactField('phone', { email: 'user@mail.ru' }, feedbackGuest)).toBeNull();
  });

  it('checks the format of a filled field, trimmed', () => {
    expect(validateContactField('phone', { phone: ' +79991234567 ' }, consultationGuest)).toBeNull();
    expect(validateContactField('phone', { phone: '12345' }, consultationGuest)).toBe(PHONE_FORMAT_MESSAGE);
    expect(validateContactField('email', { email: '  user@mail.ru\n' }, consultationGuest)).toBeNull();
    expect(validateContactField('email', { email: 'user@mail' }, consultationClient)).toBe(
      EMAIL_FORMAT_MESSAGE,
    );
  });

  it('a filled but invalid contact does not make the other field required', () => {
    expect(validateContactField('phone', { email: 'oops' }, feedbackGuest)).toBeNull();
    expect(validateContactField('email', { email: 'oops' }, feedbackGuest)).toBe(EMAIL_FORMAT_MESSAGE);
  });

  it('limits the comment to 500 characters after trimming, counting characters not UTF-16 units', () => {
    expect(validateContactField('comment', { comment: 'я'.repeat(500) }, feedbackGuest)).toBeNull();
    expect(validateContactField('comment', { comment: `  ${'я'.repeat(500)}  ` }, feedbackGuest)).toBeNull();
    expect(validateContactField('comment', { comment: 'я'.repeat(501) }, feedbackGuest)).toBe(
      COMMENT_TOO_LONG_MESSAGE,
    );
    expect(validateContactField('comment', { comment: '😀'.repeat(500) }, feedbackGuest)).toBeNull();
  });

  it('checks the attachment on the consultation form only', () => {
    const exe = { name: 'virus.exe', type: 'application/x-msdownload', size: 10 };
    expect(validateContactField('attachment', { attachment: exe }, consultationGuest)).toBe(
      ATTACHMENT_TYPE_MESSAGE,
    );
    expect(validateContactField('attachment', { attachment: exe }, feedbackGuest)).toBeNull();
    expect(validateContactField('attachment', { attachment: null }, consultationGuest)).toBeNull();
  });
});

describe('validateAttachment', () => {
  it.each([
    { name: 'photo.jpg', type: 'image/jpeg', size: 1000 },
    { name: 'photo.png', type: 'image/png', size: MAX_ATTACHMENT_BYTES },
    { name: 'photo.webp', type: 'IMAGE/WEBP', size: 0 },
    { name: 'plan.pdf', type: 'application/pdf', size: 42 },
    { name: 'plan', type: 'application/pdf; charset=binary', size: 42 },
    { name: 'SCAN.JPEG', type: '', size: 42 },
    { name: 'scan.pdf', type: '', size: 42 },
  ])('accepts %j', (file) => {
    expect(validateAttachment(file)).toBeNull();
  });

  it.each([
    { name: 'photo.gif', type: 'image/gif', size: 10 },
    { name: 'photo.jpg', type: 'image/heic', size: 10 },
    { name: 'doc.docx', type: '', size: 10 },
    { name: 'noextension', type: '', size: 10 },
    { name: 'pdf', type: '', size: 10 },
    { name: 'photo.jpg.exe', type: '', size: 10 },
  ])('rejects the type of %j', (file) => {
    expect(validateAttachment(file)).toBe(ATTACHMENT_TYPE_MESSAGE);
  });

  it.each([MAX_ATTACHMENT_BYTES + 1, 100 * 1024 * 1024, Number.POSITIVE_INFINITY, Number.NaN, -1])(
    'rejects the size %s',
    (size) => {
      expect(validateAttachment({ name: 'a.png', type: 'image/png', size })).toBe(ATTACHMENT_SIZE_MESSAGE);
    },
  );

  it('reports the type before the size', () => {
    expect(validateAttachment({ name: 'big.gif', type: 'image/gif', size: 10 ** 9 })).toBe(
      ATTACHMENT_TYPE_MESSAGE,
    );
  });
});

describe('validateContactForm (on submit)', () => {
  it('collects every field’s message', () => {
    const errors = validateContactForm(
      {
        phone: '',
        email: '',
        comment: 'x'.repeat(600),
        attachment: { name: 'a.gif', type: 'image/gif', size: 1 },
      },
      consultationGuest,
    );
    expect(errors).toEqual({
      phone: PHONE_OR_EMAIL_REQUIRED_MESSAGE,
      email: EMAIL_OR_PHONE_REQUIRED_MESSAGE,
      comment: COMMENT_TOO_LONG_MESSAGE,
      attachment: ATTACHMENT_TYPE_MESSAGE,
    });
    expect(isContactFormValid(errors)).toBe(false);
  });

  it('is empty for a valid form', () => {
    const errors = validateContactForm(
      { phone: '+79991234567', email: 'user@mail.ru', comment: 'Перезвоните вечером' },
      feedbackGuest,
    );
    expect(errors).toEqual({});
    expect(isContactFormValid(errors)).toBe(true);
  });
});

describe('trimContactValues', () => {
  it('trims text and drops the attachment of the feedback form', () => {
    const attachment = { name: 'a.png', type: 'image/png', size: 1 };
    expect(
      trimContactValues({ phone: ' 1 ', email: ' e ', comment: ' c ', attachment }, feedbackGuest),
    ).toEqual({
      phone: '1',
      email: 'e',
      comment: 'c',
      attachment: null,
    });
    expect(trimContactValues({ attachment }, consultationGuest)).toEqual({
      phone: '',
      email: '',
      comment: '',
      attachment,
    });
  });
});

describe('validateAttachment regressions found by property tests', () => {
  it('a MIME type that is blank before its parameters counts as none (seed 2139843330)', () => {
    expect(validateAttachment({ name: ' .jpg', type: '; ', size: 0 })).toBeNull();
    expect(validateAttachment({ name: 'a.gif', type: '; ', size: 0 })).toBe(ATTACHMENT_TYPE_MESSAGE);
  });
});
