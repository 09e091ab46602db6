import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { HIDDEN_RAW_FIELDS, splitSpecs } from '../../../server/domain/product-specs';

const key = fc.oneof(
  fc.constantFrom(...HIDDEN_RAW_FIELDS, 'COLOR', 'MATERIAL', 'SIZE', 'STYLE'),
  fc.string({ maxLength: 12 }),
);

describe('splitSpecs (spec §3 hidden raw fields)', () => {
  test.prop([fc.dictionary(key, fc.string({ maxLength: 10 }))])(
    'every key lands on exactly one side',
    (specs) => {
      const { visible, raw } = splitSpecs(specs);
      expect({ ...visible, ...raw }).toEqual(specs);
      for (const name of Object.keys(visible)) expect(Object.hasOwn(raw, name)).toBe(false);
      for (const name of Object.keys(visible)) expect(HIDDEN_RAW_FIELDS).not.toContain(name.toUpperCase());
    },
  );

  it('hides dealer prices and sections, shows colour and material', () => {
    const { visible, raw } = splitSpecs({
      COLOR: 'Графит',
      MATERIAL: 'Дуб',
      PRICE_DILER: '100',
      RAZDEL: 'x',
    });
    expect(visible).toEqual({ COLOR: 'Графит', MATERIAL: 'Дуб' });
    expect(raw).toEqual({ PRICE_DILER: '100', RAZDEL: 'x' });
  });
});
