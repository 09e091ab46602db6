import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_SOURCES,
  type AvailabilityFields,
  availabilityProblem,
  availabilityText,
  MAX_AVAILABILITY_DAYS,
  normalisedAvailability,
  parseAvailabilityText,
} from '../../shared-rules/availability-rule';

const days = fc.integer({ min: 1, max: MAX_AVAILABILITY_DAYS });
const valid: fc.Arbitrary<AvailabilityFields> = fc.oneof(
  fc
    .constantFrom('showroom' as const, 'warehouse' as const)
    .map((source) => ({ source, minDays: null, maxDays: null })),
  days.map((minDays) => ({ source: 'supplier' as const, minDays, maxDays: null })),
  fc.tuple(days, days).map(([a, b]) => ({
    source: 'made_to_order' as const,
    minDays: Math.min(a, b),
    maxDays: Math.max(a, b),
  })),
);

describe('the availability source', () => {
  test.prop([valid])('the export text reads back as the same fields', (fields) => {
    expect(availabilityProblem(fields)).toBeNull();
    expect(parseAvailabilityText(availabilityText(fields))).toEqual(normalisedAvailability(fields));
  });

  test.prop([
    fc.constantFrom(...AVAILABILITY_SOURCES),
    fc.option(fc.integer(), { nil: null }),
    fc.option(fc.integer(), { nil: null }),
  ])(
    'a problem is a Russian sentence, and fields without one normalise to themselves',
    (source, minDays, maxDays) => {
      const problem = availabilityProblem({ source, minDays, maxDays });
      if (problem !== null) expect(problem).toMatch(/^[А-ЯЁ]/);
    },
  );

  it('reads the short forms of an import cell and refuses nonsense', () => {
    expect(parseAvailabilityText('склад')).toEqual({ source: 'warehouse', minDays: null, maxDays: null });
    expect(parseAvailabilityText('Шоурум на Невском')).toEqual({
      source: 'showroom',
      minDays: null,
      maxDays: null,
    });
    expect(parseAvailabilityText('поставщик 5')).toEqual({ source: 'supplier', minDays: 5, maxDays: null });
    expect(parseAvailabilityText('под заказ 20-30')).toEqual({
      source: 'made_to_order',
      minDays: 20,
      maxDays: 30,
    });
    expect(parseAvailabilityText('под заказ 30-20')).toBeNull();
    expect(parseAvailabilityText('поставщик')).toBeNull();
    expect(parseAvailabilityText('завтра')).toBeNull();
  });
});
