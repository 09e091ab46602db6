import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_QUERY_LENGTH, normaliseSearchQuery } from '../../src/domain/search-query';
import { err, ok } from '../../src/domain/validation-result';

describe('normaliseSearchQuery', () => {
  it('trims the query and keeps its inside as typed', () => {
    expect(normaliseSearchQuery('  диван  угловой \n')).toEqual(ok('диван  угловой'));
  });

  it.each(['', '   ', '\t\n', null, undefined, {}, ['диван'], Number.NaN, true])('%j is empty', (raw) => {
    expect(normaliseSearchQuery(raw)).toEqual(err('empty'));
  });

  it('reads a number (a router may parse ?q=123) as its digits', () => {
    expect(normaliseSearchQuery(123)).toEqual(ok('123'));
  });

  it('cuts a very long query to MAX_SEARCH_QUERY_LENGTH characters without trailing space', () => {
    const raw = `${'а'.repeat(MAX_SEARCH_QUERY_LENGTH - 1)} хвост`;
    expect(normaliseSearchQuery(raw)).toEqual(ok('а'.repeat(MAX_SEARCH_QUERY_LENGTH - 1)));
    const emoji = normaliseSearchQuery('😀'.repeat(500));
    expect(emoji.ok && [...emoji.value].length).toBe(MAX_SEARCH_QUERY_LENGTH);
  });
});
