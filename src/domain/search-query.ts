/**
 * The header search query (spec §5 "Search: a trimmed non-empty query").
 */
import { MAX_SEARCH_QUERY_LENGTH as QUERY_LENGTH_LIMIT } from '../../shared-rules/cart-limits-rule';
import { err, ok, type Result } from './validation-result';

/**
 * Longest query kept, in characters. The spec gives none; this keeps a pasted page of text (or a
 * hostile ?q=) out of the search URL. Real queries are a few words.
 */
export const MAX_SEARCH_QUERY_LENGTH = QUERY_LENGTH_LIMIT;

/**
 * The query to search for, trimmed, or 'empty' when nothing is left. A number (a router may parse
 * ?q=123 as one) is read as its digits; any other non-text value is empty. A query longer than
 * MAX_SEARCH_QUERY_LENGTH is cut there. Applying it to its own result gives the same result.
 */
export function normaliseSearchQuery(raw: unknown): Result<string, 'empty'> {
  const text =
    typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  const characters = [...text.trim()];
  const query = characters.slice(0, MAX_SEARCH_QUERY_LENGTH).join('').trim();
  return query === '' ? err('empty') : ok(query);
}
