import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MAX_SEARCH_QUERY_LENGTH, normaliseSearchQuery } from '../../src/domain/search-query';

const textArb = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(' ', '\n\t'),
);

describe('normaliseSearchQuery laws', () => {
  test.prop([textArb])('empty exactly when nothing is left after trimming', (raw) => {
    expect(normaliseSearchQuery(raw).ok).toBe(raw.trim() !== '');
  });

  test.prop([textArb])('a query is trimmed, bounded and a prefix of the trimmed input', (raw) => {
    const result = normaliseSearchQuery(raw);
    if (!result.ok) return;
    expect(result.value).toBe(result.value.trim());
    expect([...result.value].length).toBeLessThanOrEqual(MAX_SEARCH_QUERY_LENGTH);
    expect(raw.trim().startsWith(result.value)).toBe(true);
  });

  test.prop([textArb])('idempotent', (raw) => {
    const once = normaliseSearchQuery(raw);
    if (once.ok) expect(normaliseSearchQuery(once.value)).toEqual(once);
  });

  test.prop([fc.anything()])('total on any input', (raw) => {
    const result = normaliseSearchQuery(raw);
    expect(result.ok ? typeof result.value : result.error).toBe(result.ok ? 'string' : 'empty');
  });
});
