import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  formatDimensions,
  HIDDEN_SPEC_FIELDS,
  mainImage,
  parseSizeText,
  productDimensions,
  SPEC_LABELS,
  visibleSpecs,
} from '../../src/domain/product-presentation';

const LABEL_ORDER: readonly string[] = Object.values(SPEC_LABELS);
const HIDDEN: readonly string[] = HIDDEN_SPEC_FIELDS;

const specKey = fc.oneof(
  fc.constantFrom(
    ...Object.keys(SPEC_LABELS),
    ...HIDDEN_SPEC_FIELDS,
    'RAZMER',
    'WIDTH',
    'Механизм',
    'Ширина',
  ),
  fc.constantFrom(...HIDDEN_SPEC_FIELDS).map((key) => key.toLowerCase()),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);
const specValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.double(),
  fc.constant(null),
  fc.anything(),
);
const specs = fc.dictionary(specKey, specValue, { maxKeys: 12 });

describe('visible spec laws', () => {
  test.prop([specs])('never shows a hidden field, a blank value or a label twice', (input) => {
    const lines = visibleSpecs(input);
    for (const line of lines) {
      expect(HIDDEN).not.toContain(line.key.trim().toUpperCase());
      expect(line.value.trim()).toBe(line.value);
      expect(line.value).not.toBe('');
    }
    const labels = lines.map((line) => line.label.toUpperCase());
    expect(new Set(labels).size).toBe(labels.length);
  });

  test.prop([specs])('spec labels come first, in the spec order; other labels are Russian keys', (input) => {
    const lines = visibleSpecs(input);
    const labelled = lines.filter((line) => LABEL_ORDER.includes(line.label));
    expect(lines.slice(0, labelled.length)).toEqual(labelled);
    const positions = labelled.map((line) => LABEL_ORDER.indexOf(line.label));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const line of lines.slice(labelled.length)) expect(line.label).toMatch(/[а-яё]/i);
  });

  test.prop([fc.constantFrom(...Object.keys(SPEC_LABELS)), fc.stringMatching(/^[А-Яа-я0-9]{1,10}$/)])(
    'a labelled key with a value is always shown under its label',
    (key, value) => {
      const label = SPEC_LABELS[key as keyof typeof SPEC_LABELS];
      expect(visibleSpecs({ [key]: value })).toEqual([{ key, label, value }]);
    },
  );
});

const measure = fc.integer({ min: 1, max: 5000 });

describe('dimension laws', () => {
  test.prop([measure, measure, measure, fc.constantFrom('x', '×', 'х', '*', ' x ', ' × ')])(
    'a W×D×H text reads back as written and formats as Ш × Г × В',
    (w, d, h, separator) => {
      const dimensions = productDimensions({ specs: { SIZE: `${w}${separator}${d}${separator}${h} см` } });
      expect(dimensions).toEqual({ width: w, depth: d, height: h });
      expect(formatDimensions(dimensions)).toBe(`Ш ${w} × Г ${d} × В ${h} см`);
    },
  );

  test.prop([measure, measure, measure, fc.string({ maxLength: 20 })])(
    'the product fields always win over specs',
    (w, d, h, size) => {
      expect(
        productDimensions({ width: w, depth: d, height: h, specs: { SIZE: size, WIDTH: size } }),
      ).toEqual({
        width: w,
        depth: d,
        height: h,
      });
    },
  );

  test.prop([fc.string({ unit: 'binary', maxLength: 40 })])(
    'parsing any size text gives positive sizes or nothing',
    (text) => {
      const dimensions = parseSizeText(text);
      if (dimensions !== null) {
        for (const value of Object.values(dimensions)) {
          if (value !== null) expect(value).toBeGreaterThan(0);
        }
      }
    },
  );
});

describe('main image law', () => {
  test.prop([fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.constant(null), fc.anything())])(
    'always a non-blank URL',
    (url) => {
      const image = mainImage({ tovar_pic1_url_site: url as string | null });
      expect(image.trim()).toBe(image);
      expect(image).not.toBe('');
    },
  );

  test.prop([
    fc.oneof(
      fc.double({ min: 0.05, max: 1e22, noNaN: true }),
      fc.integer({ min: 1, max: 100_000 }).map((tenths) => tenths / 10 + 0.05),
    ),
  ])(
    'a measure is spelled exactly as Intl spells it for ru-RU (one decimal, a comma, no grouping)',
    (value) => {
      const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1, useGrouping: false });
      expect(formatDimensions({ width: value, depth: null, height: null })).toBe(
        `Ш ${intl.format(value)} см`,
      );
    },
  );
});
