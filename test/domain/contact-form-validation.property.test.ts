import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MIME_TYPES,
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  COMMENT_TOO_LONG_MESSAGE,
  CONTACT_FIELDS,
  type ContactFormContext,
  EMAIL_FORMAT_MESSAGE,
  EMAIL_OR_PHONE_REQUIRED_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  MAX_COMMENT_LENGTH,
  PHONE_FORMAT_MESSAGE,
  PHONE_OR_EMAIL_REQUIRED_MESSAGE,
  prefillContacts,
  validateAttachment,
  validateContactField,
  validateContactForm,
} from '../../src/domain/contact-form-validation';

const contextArb: fc.Arbitrary<ContactFormContext> = fc.record({
  form: fc.constantFrom('consultation', 'feedback'),
  hasClientId: fc.boolean(),
});

/** Whitespace a visitor leaves around a value; validation trims it. */
const paddingArb = fc.constantFrom('', ' ', '  ', '\t', '\n', ' \u00A0');
const padded = (arb: fc.Arbitrary<string>) =>
  fc.tuple(paddingArb, arb, paddingArb).map(([before, value, after]) => before + value + after);

// ---- phones -------------------------------------------------------------------------------------

const phoneSeparatorArb = fc.constantFrom(' ', '(', ')', '-');

/** The shop's language (shared-rules/phone-rule.ts): optional '+', then 10–15 digits with up to two
 * spaces, hyphens or parentheses before each; at most 40 characters. Ends are never spaces, since a
 * trimmed value cannot end in one (after a '+' a space is fine). */
const validPhoneArb = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.tuple(fc.array(phoneSeparatorArb, { maxLength: 2 }), fc.constantFrom(...'0123456789')), {
      minLength: 10,
      maxLength: 15,
    }),
    fc.constantFrom('', ')', '-'),
  )
  .map(
    ([plus, groups, last]) =>
      `${plus ? '+' : ''}${groups.map(([separators, digit]) => separators.join('') + digit).join('')}${last}`,
  )
  .map((phone) => (phone.startsWith(' ') ? phone.trimStart() : phone))
  .filter((phone) => phone.length <= 40);

/** Realistic Russian numbers in the formats people type that fit the rule. */
const realisticPhoneArb = fc
  .tuple(
    fc.constantFrom('+7', '8'),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 }),
  )
  .chain(([prefix, digits]) => {
    const d = digits.join('');
    return fc.constantFrom(
      `${prefix}${d}`,
      `${prefix}(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`,
      `${prefix} ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
    );
  });

const invalidPhoneFamilies = {
  'too short': fc
    .array(fc.constantFrom(...'0123456789'), { minLength: 1, maxLength: 9 })
    .map((digits) => digits.join('')),
  'too many digits': fc
    .array(fc.constantFrom(...'0123456789'), { minLength: 16, maxLength: 30 })
    .map((digits) => digits.join('')),
  'separators only': fc
    .array(phoneSeparatorArb, { minLength: 10, maxLength: 20 })
    .map((chars) => chars.join('').trim())
    .filter((text) => text !== ''),
  'a letter inside': fc
    .tuple(validPhoneArb, fc.constantFrom(...'abcxyzабвюя'))
    .map(([phone, letter]) => `${phone.slice(0, 5)}${letter}${phone.slice(5)}`),
  'a second plus': validPhoneArb.map((phone) => `${phone.slice(0, 4)}+${phone.slice(4)}`),
  'other punctuation': fc
    .tuple(validPhoneArb, fc.constantFrom('.', '/', '#', '*', ',', '_', '[', ']'))
    .map(([phone, mark]) => `${phone.slice(0, 3)}${mark}${phone.slice(3)}`),
  'non-ASCII digits': fc
    .array(fc.constantFrom(...'٠١٢٣٤٥٦٧٨٩０１２３４５６７８９'), { minLength: 10, maxLength: 15 })
    .map((chars) => chars.join('')),
};

// ---- e-mails ------------------------------------------------------------------------------------

const emailTextArb = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => !/[\s@]/.test(text));

/** The spec's language: text, '@', text, '.', text, without spaces (and one '@'). */
const validEmailArb = fc.oneof(
  fc.emailAddress(),
  fc
    .tuple(emailTextArb, emailTextArb, emailTextArb)
    .map(([local, domain, zone]) => `${local}@${domain}.${zone}`),
);

const invalidEmailFamilies = {
  'no at sign': fc
    .string({ minLength: 1, maxLength: 30 })
    .filter((text) => !text.includes('@') && text.trim() === text && text !== ''),
  'two at signs': validEmailArb.map((email) => email.replace('@', '@@')),
  'a space inside': fc
    .tuple(emailTextArb, emailTextArb, emailTextArb)
    .map(([local, domain, zone]) => `${local} x@${domain}.${zone}`),
  'no dot after the at sign': fc
    .tuple(emailTextArb, emailTextArb)
    .filter(([, domain]) => !domain.includes('.'))
    .map(([local, domain]) => `${local}@${domain}`),
  'nothing before the at sign': fc
    .tuple(emailTextArb, emailTextArb)
    .map(([domain, zone]) => `@${domain}.${zone}`),
  'nothing after the last dot': fc
    .tuple(emailTextArb, emailTextArb)
    .filter(([, domain]) => !domain.includes('.'))
    .map(([local, domain]) => `${local}@${domain}.`),
};

// ---- the laws -----------------------------------------------------------------------------------

describe('phone field', () => {
  test.prop([
    fc.oneof(validPhoneArb, realisticPhoneArb).chain((phone) => padded(fc.constant(phone))),
    contextArb,
  ])('every phone of the documented language passes, padded or not', (phone, context) => {
    expect(validateContactField('phone', { phone }, context)).toBeNull();
  });

  for (const [family, arb] of Object.entries(invalidPhoneFamilies)) {
    test.prop([arb, contextArb, fc.option(validEmailArb, { nil: undefined })])(
      `rejects ${family} with the format message, whatever the e-mail`,
      (phone, context, email) => {
        expect(validateContactField('phone', { phone, email }, context)).toBe(PHONE_FORMAT_MESSAGE);
      },
    );
  }
});

describe('e-mail field', () => {
  test.prop([validEmailArb.chain((email) => padded(fc.constant(email))), contextArb])(
    'every e-mail of the documented language passes, padded or not',
    (email, context) => {
      expect(validateContactField('email', { email }, context)).toBeNull();
    },
  );

  for (const [family, arb] of Object.entries(invalidEmailFamilies)) {
    test.prop([arb, contextArb])(`rejects ${family} with the format message`, (email, context) => {
      expect(validateContactField('email', { email }, context)).toBe(EMAIL_FORMAT_MESSAGE);
    });
  }
});

describe('phone or e-mail required', () => {
  test.prop([padded(fc.constant('')), padded(fc.constant('')), contextArb])(
    'both blank: both fields say so exactly when the form requires a contact',
    (phone, email, context) => {
      const required = context.form === 'feedback' || !context.hasClientId;
      expect(validateContactField('phone', { phone, email }, context)).toBe(
        required ? PHONE_OR_EMAIL_REQUIRED_MESSAGE : null,
      );
      expect(validateContactField('email', { phone, email }, context)).toBe(
        required ? EMAIL_OR_PHONE_REQUIRED_MESSAGE : null,
      );
    },
  );

  test.prop([fc.oneof(validPhoneArb, realisticPhoneArb), contextArb])(
    'a valid phone alone makes the whole contact part valid',
    (phone, context) => {
      const errors = validateContactForm({ phone, email: '' }, context);
      expect(errors.phone).toBeUndefined();
      expect(errors.email).toBeUndefined();
    },
  );

  test.prop([validEmailArb, contextArb])(
    'a valid e-mail alone makes the whole contact part valid',
    (email, context) => {
      const errors = validateContactForm({ phone: '   ', email }, context);
      expect(errors.phone).toBeUndefined();
      expect(errors.email).toBeUndefined();
    },
  );
});

describe('comment', () => {
  test.prop([padded(fc.string({ unit: 'grapheme', maxLength: MAX_COMMENT_LENGTH }))])(
    'up to 500 characters pass',
    (comment) => {
      fc.pre([...comment.trim()].length <= MAX_COMMENT_LENGTH);
      expect(
        validateContactField('comment', { comment }, { form: 'feedback', hasClientId: true }),
      ).toBeNull();
    },
  );

  test.prop([fc.string({ unit: 'binary', minLength: MAX_COMMENT_LENGTH + 1, maxLength: 700 })])(
    'more than 500 characters fail with the limit message',
    (comment) => {
      fc.pre([...comment.trim()].length > MAX_COMMENT_LENGTH);
      expect(validateContactField('comment', { comment }, { form: 'consultation', hasClientId: true })).toBe(
        COMMENT_TOO_LONG_MESSAGE,
      );
    },
  );
});

describe('attachment', () => {
  const nameArb = fc.string({ minLength: 1, maxLength: 20 }).filter((name) => !name.includes('.'));

  test.prop([
    nameArb,
    fc.constantFrom(...ATTACHMENT_MIME_TYPES),
    fc.integer({ min: 0, max: MAX_ATTACHMENT_BYTES }),
  ])('an allowed MIME type within 5 MB passes, whatever the file name', (name, type, size) => {
    expect(validateAttachment({ name, type, size })).toBeNull();
  });

  test.prop([
    nameArb,
    fc.constantFrom(...ATTACHMENT_EXTENSIONS),
    fc.integer({ min: 0, max: MAX_ATTACHMENT_BYTES }),
  ])('without a MIME type an allowed extension passes, in any case', (name, extension, size) => {
    expect(validateAttachment({ name: `${name}.${extension.toUpperCase()}`, type: '', size })).toBeNull();
  });

  test.prop([
    nameArb,
    fc.oneof(
      fc.constantFrom(
        'image/gif',
        'image/heic',
        'image/svg+xml',
        'application/zip',
        'text/plain',
        'video/mp4',
      ),
      // A type whose part before ';' is blank counts as no type (see the pinned seed 2139843330).
      fc.string({ minLength: 1 }).filter((type) => {
        const essence = type.split(';')[0]?.trim().toLowerCase() ?? '';
        return essence !== '' && !ATTACHMENT_MIME_TYPES.includes(essence);
      }),
    ),
    fc.constantFrom(...ATTACHMENT_EXTENSIONS),
    fc.nat(),
  ])(
    'any other MIME type fails with the type message, even with an allowed extension',
    (name, type, extension, size) => {
      expect(validateAttachment({ name: `${name}.${extension}`, type, size })).toBe(ATTACHMENT_TYPE_MESSAGE);
    },
  );

  test.prop([
    nameArb,
    fc.constantFrom(...ATTACHMENT_MIME_TYPES),
    fc.integer({ min: MAX_ATTACHMENT_BYTES + 1, max: Number.MAX_SAFE_INTEGER }),
  ])('an allowed type above 5 MB fails with the size message', (name, type, size) => {
    expect(validateAttachment({ name, type, size })).toBe(ATTACHMENT_SIZE_MESSAGE);
  });
});

describe('form and field agree', () => {
  const anyTextArb = fc.oneof(fc.string({ maxLength: 30 }), validEmailArb, validPhoneArb, fc.constant(''));

  test.prop([
    fc.record(
      { phone: anyTextArb, email: anyTextArb, comment: fc.string({ maxLength: 600 }) },
      { requiredKeys: [] },
    ),
    contextArb,
  ])('submit reports exactly what blur reports, field by field', (values, context) => {
    const errors = validateContactForm(values, context);
    for (const field of CONTACT_FIELDS) {
      expect(errors[field] ?? null).toBe(validateContactField(field, values, context));
    }
  });
});

describe('prefillContacts', () => {
  const typedArb = fc.option(fc.constantFrom('', '   ', 'typed@example.ru', '+7 921 555-44-33'), {
    nil: undefined,
  });
  const knownArb = fc.option(fc.constantFrom('client@example.ru', '+79215551020'), { nil: null });

  test.prop([typedArb, typedArb, knownArb, knownArb, fc.string()])(
    'keeps what was typed, fills only blank fields, and leaves the other fields alone',
    (email, phone, knownEmail, knownPhone, comment) => {
      const values = {
        comment,
        ...(email === undefined ? {} : { email }),
        ...(phone === undefined ? {} : { phone }),
      };
      const filled = prefillContacts(values, { email: knownEmail, phone: knownPhone });
      expect(filled.email).toBe(email?.trim() ? email : (knownEmail ?? ''));
      expect(filled.phone).toBe(phone?.trim() ? phone : (knownPhone ?? ''));
      expect(filled.comment).toBe(comment);
    },
  );
});
