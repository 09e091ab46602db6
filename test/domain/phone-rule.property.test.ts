import { fc, test } from '@fast-check/vitest';
import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { Phone } from '../../api/auth';
import { formatPhone, maskPhoneInput, toE164 } from '../../shared-rules/phone-number';
import {
  isValidPhone,
  PHONE_MAX_DIGITS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_DIGITS,
} from '../../shared-rules/phone-rule';
import { isValidPhone as browserAcceptsPhone } from '../../src/domain/contact-form-validation';

/**
 * The one phone rule (shared-rules/phone-rule.ts) accepts exactly its documented language, and the
 * E.164 normalisation the server stores (shared-rules/phone-number.ts) is stable: normalising twice
 * equals normalising once, and the stored form is itself an accepted phone.
 */

/** The documented language, written out independently of the implementation: a character walk. */
function inDocumentedLanguage(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > PHONE_MAX_LENGTH) return false;
  let digits = 0;
  for (const [index, char] of [...trimmed].entries()) {
    if (char === '+' && index === 0) continue;
    if (char >= '0' && char <= '9') digits += 1;
    else if (char !== ' ' && char !== '-' && char !== '(' && char !== ')') return false;
  }
  return trimmed !== '' && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

const phoneishCharArb = fc.constantFrom(...'0123456789 ()-+.x\t\u00a0٣');
const separatorArb = fc.constantFrom(' ', '-', '(', ')');
const digitArb = fc.constantFrom(...'0123456789');

/** Texts near the language: its alphabet plus a few foreign characters, so both verdicts are common. */
const phoneishArb = fc.array(phoneishCharArb, { maxLength: 45 }).map((chars) => chars.join(''));

/** Members of the language: optional plus, 10–15 digits, separators between them. */
const memberArb = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.tuple(fc.array(separatorArb, { maxLength: 1 }), digitArb), {
      minLength: PHONE_MIN_DIGITS,
      maxLength: PHONE_MAX_DIGITS,
    }),
  )
  .map(
    ([plus, groups]) => `${plus ? '+' : ''}${groups.map(([sep, digit]) => sep.join('') + digit).join('')}`,
  );

describe('the phone rule', () => {
  test.prop([fc.oneof(phoneishArb, memberArb, fc.string({ maxLength: 50 }))], { numRuns: 2000 })(
    'accepts exactly the documented language',
    (text) => {
      expect(isValidPhone(text)).toBe(inDocumentedLanguage(text));
    },
  );

  test.prop(
    [
      fc
        .tuple(
          fc.constantFrom('', ' ', '   '.repeat(5)),
          fc.oneof(phoneishArb, memberArb, fc.string({ maxLength: 50 })),
        )
        .map(([pad, text]) => pad + text + pad),
    ],
    { numRuns: 1000 },
  )('the browser forms, the contract and the rule agree on every text', (text) => {
    const verdict = isValidPhone(text);
    expect(browserAcceptsPhone(text)).toBe(verdict);
    expect(Schema.is(Phone)(text)).toBe(verdict);
  });

  test.prop([memberArb])('every member is accepted', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each(['+7 (921) 555-44-33', '8 921 555 44 33', '89215554433', '(812) 555-10-20'])(
    'accepts %j',
    (phone) => {
      expect(isValidPhone(phone)).toBe(true);
    },
  );

  it.each([
    '----------',
    '(((())))--',
    '+7 921',
    '+7 (921) 555-44-33-12345',
    '+7.921.555.44.33',
    '7921555443+3',
  ])('refuses %j', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('E.164 normalisation', () => {
  it.each([
    ['+7 (921) 555-44-33', '+79215554433'],
    ['8 921 555 44 33', '+79215554433'],
    ['8 (921) 555-44-33', '+79215554433'],
    ['9215554433', '+79215554433'],
    ['+44 (0) 20 1234 5678', '+442012345678'],
    ['+380 44 123 4567', '+380441234567'],
  ])('stores %j as %j', (typed, stored) => {
    expect(toE164(typed)).toBe(stored);
  });

  test.prop([fc.oneof(memberArb, phoneishArb)], { numRuns: 1000 })(
    'normalising twice equals once, and the stored form is an accepted phone',
    (typed) => {
      const once = toE164(typed);
      if (!isValidPhone(typed)) {
        expect(once).toBeNull();
        return;
      }
      expect(once).toMatch(/^\+[0-9]{10,15}$/);
      expect(toE164(once ?? '')).toBe(once);
      expect(isValidPhone(once ?? '')).toBe(true);
    },
  );

  test.prop([memberArb])('the formatted form is accepted and stores as the same number', (typed) => {
    const stored = toE164(typed) ?? '';
    const shown = formatPhone(stored);
    expect(isValidPhone(shown)).toBe(true);
    expect(toE164(shown)).toBe(stored);
  });

  it('shows a Russian number the international way', () => {
    expect(formatPhone('+79215554433')).toBe('+7 921 555 44 33');
  });

  it('keeps a number whose international format would drop a digit (found by the property above)', () => {
    expect(formatPhone('+6400000000')).toBe('+6400000000');
    expect(toE164(formatPhone('+6400000000'))).toBe('+6400000000');
  });
});

describe('the input mask', () => {
  it.each([
    ['89215554433', '8 (921) 555-44-33'],
    ['+79215554433', '+7 921 555 44 33'],
    ['8 (921) 5', '8 (921) 5'],
    ['abc', ''],
  ])('masks %j as %j', (typed, shown) => {
    expect(maskPhoneInput(typed)).toBe(shown);
  });

  test.prop([fc.string({ maxLength: 40 })])(
    'keeps the digits typed (up to 15) and nothing foreign',
    (typed) => {
      const shown = maskPhoneInput(typed);
      expect(shown.replace(/[^0-9]/g, '')).toBe(typed.replace(/[^0-9]/g, '').slice(0, 15));
      expect(shown).toMatch(/^\+?[0-9 ()-]*$/);
    },
  );

  test.prop([memberArb])('a masked member of the language stays a member', (typed) => {
    expect(isValidPhone(maskPhoneInput(typed))).toBe(true);
  });
});
