import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  composeRequestText,
  type RequestTextFields,
  readRequestText,
} from '../../shared-rules/request-text-rule';

/** Issue 25 item 11: a request's composed lines read back as the fields they were made of. */

const line = fc.string({ maxLength: 40 }).filter((text) => !/[\r\n]/.test(text));
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });

const fields: fc.Arbitrary<RequestTextFields> = fc
  .record({
    source: fc.constantFrom('consultation' as const, 'feedback' as const),
    phone: optional(line),
    email: optional(line),
    clientId: optional(fc.integer({ min: 1, max: 2_000_000_000 })),
    attachment: fc.boolean(),
    comment: optional(fc.string({ maxLength: 500 })),
  })
  .map((each) => ({ ...each, attachment: each.source === 'consultation' ? each.attachment : null }));

/** What survives composing: values trimmed, an empty or «—» value is none. */
function kept(value: string | null): string | null {
  const text = value?.trim() ?? '';
  return text === '' || text === '—' ? null : text;
}

describe('request text', () => {
  test.prop([fields])(
    'reading the composed lines gives back the fields (trimmed, empty as none)',
    (given) => {
      expect(readRequestText(composeRequestText(given))).toEqual({
        ...given,
        phone: kept(given.phone),
        email: kept(given.email),
        comment: kept(given.comment),
      });
    },
  );

  test.prop([fields])('composing what was read gives the same text', (given) => {
    const text = composeRequestText(given);
    const read = readRequestText(text);
    expect(read === null ? null : composeRequestText(read)).toBe(text);
  });

  it('does not read a text in another shape', () => {
    expect(readRequestText('Нужен диван в гостиную')).toBeNull();
    expect(readRequestText('Сообщение: когда привезут?')).toBeNull();
    expect(
      readRequestText(
        'Источник: Консультация\nТелефон: —\nEmail: —\nКлиент: кто-то\nВложение: да\nКомментарий: x',
      ),
    ).toBeNull();
  });
});
