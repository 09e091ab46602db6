/**
 * The key both sides use for an API read that a page document carries (api/page-bootstrap.ts).
 */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * The path plus its query parameters sorted by name and then value, so the order in which the
 * browser's URL builder adds them does not matter.
 */
export function readKey(pathAndQuery: string): string {
  const queryStart = pathAndQuery.indexOf('?');
  if (queryStart === -1) return pathAndQuery;
  const path = pathAndQuery.slice(0, queryStart);
  const params = [...new URLSearchParams(pathAndQuery.slice(queryStart + 1))].sort(
    ([nameA, valueA], [nameB, valueB]) => compareText(nameA, nameB) || compareText(valueA, valueB),
  );
  const search = new URLSearchParams(params).toString();
  return search === '' ? path : `${path}?${search}`;
}
