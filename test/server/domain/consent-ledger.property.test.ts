import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CONSENT_EXPORT_COLUMNS } from '../../../api/admin-consents';
import {
  type ConsentEvent,
  consentCsvCells,
  consentDayRange,
  consentInForce,
  consentSubjectFilter,
  storedUserAgent,
  USER_AGENT_MAX_LENGTH,
} from '../../../server/domain/consent-ledger';
import { CONSENT_PURPOSES } from '../../../shared-rules/consent-rule';

const purpose = fc.constantFrom(...CONSENT_PURPOSES);
const event = fc.record({
  purpose,
  action: fc.constantFrom('given' as const, 'withdrawn' as const),
  at: fc.integer({ min: 0, max: 10 }),
  id: fc.integer({ min: 1, max: 1_000_000 }),
});

/** Issue 26, item 3 (docs/privacy.md): the ledger's rules — which consent is in force, the filter, the CSV row. */
describe('consent ledger rules', () => {
  test.prop([fc.uniqueArray(event, { maxLength: 30, selector: (entry) => entry.id }), purpose])(
    'a purpose is in force exactly when its latest record (by time, then insertion) gives it',
    (events, which) => {
      const own = [...events.filter((each) => each.purpose === which)].sort(
        (a, b) => a.at - b.at || a.id - b.id,
      );
      expect(consentInForce(events, which)).toBe(own.at(-1)?.action === 'given');
    },
  );

  test.prop([fc.uniqueArray(event, { maxLength: 30, selector: (entry) => entry.id }), purpose])(
    'the order the records come in does not matter',
    (events, which) => {
      const reversed: ConsentEvent[] = [...events].reverse();
      expect(consentInForce(reversed, which)).toBe(consentInForce(events, which));
    },
  );

  it('a withdrawal after a consent ends it; a new consent after it starts it again', () => {
    const given = { purpose: 'marketing', action: 'given', at: 1, id: 1 } as const;
    const withdrawn = { purpose: 'marketing', action: 'withdrawn', at: 2, id: 2 } as const;
    expect(consentInForce([given], 'marketing')).toBe(true);
    expect(consentInForce([given, withdrawn], 'marketing')).toBe(false);
    expect(consentInForce([given, withdrawn, { ...given, at: 3, id: 3 }], 'marketing')).toBe(true);
    expect(consentInForce([given], 'personal_data')).toBe(false);
  });

  it('reads the subject filter as a client number, a phone or an e-mail part', () => {
    expect(consentSubjectFilter(undefined)).toEqual({ kind: 'none' });
    expect(consentSubjectFilter('  ')).toEqual({ kind: 'none' });
    expect(consentSubjectFilter('42')).toEqual({ kind: 'client', clientId: 42 });
    expect(consentSubjectFilter('№ 7')).toEqual({ kind: 'client', clientId: 7 });
    expect(consentSubjectFilter('8 921 555-44-33')).toEqual({ kind: 'phone', variants: ['9215554433'] });
    expect(consentSubjectFilter('Anna@Mail.RU')).toEqual({ kind: 'text', text: 'anna@mail.ru' });
  });

  test.prop([fc.string({ maxLength: 120 })])('any subject text gives a filter', (text) => {
    expect(['none', 'client', 'phone', 'text']).toContain(consentSubjectFilter(text).kind);
  });

  it('reads days as Moscow days, the last one whole', () => {
    expect(consentDayRange('2026-11-27', '2026-11-27')).toEqual({
      from: Date.parse('2026-11-26T21:00:00Z'),
      before: Date.parse('2026-11-27T21:00:00Z'),
    });
    expect(consentDayRange(undefined, undefined)).toEqual({});
  });

  test.prop([
    fc.record({
      id: fc.integer({ min: 1 }),
      at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
      purpose,
      action: fc.constantFrom('given' as const, 'withdrawn' as const),
      document: fc.string(),
      documentVersion: fc.nat(),
      source: fc.string(),
      clientId: fc.option(fc.integer({ min: 1 })),
      email: fc.option(fc.string()),
      phone: fc.option(fc.string()),
      reference: fc.option(fc.string()),
      ip: fc.string(),
      userAgent: fc.string(),
    }),
  ])('a CSV row has one cell per column, Moscow time, and the subject as written', (row) => {
    const cells = consentCsvCells(row);
    expect(cells).toHaveLength(CONSENT_EXPORT_COLUMNS.length);
    expect(cells[1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(cells[CONSENT_EXPORT_COLUMNS.indexOf('E-mail')]).toBe(row.email ?? '');
    expect(cells[CONSENT_EXPORT_COLUMNS.indexOf('Браузер')]).toBe(row.userAgent);
  });

  test.prop([fc.oneof(fc.string({ maxLength: 2000 }), fc.array(fc.string()), fc.constant(undefined))])(
    'a stored user agent is one line of at most USER_AGENT_MAX_LENGTH characters',
    (header) => {
      const stored = storedUserAgent(header);
      expect(stored.length).toBeLessThanOrEqual(USER_AGENT_MAX_LENGTH);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters
      expect(stored).not.toMatch(/[\u0000-\u001f\u007f]/);
    },
  );
});
