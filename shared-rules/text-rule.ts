/**
 * Text cutting shared by the rules kernel and the browser's panels: whitespace collapsed, and a prefix
 * that never splits a surrogate pair.
 */

/** Collapses every run of whitespace (including no-break spaces and line breaks) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The first `length` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair
 * (an emoji in a name must not turn into a broken character).
 */
export function safePrefix(text: string, length: number): string {
  if (length <= 0) return '';
  if (length >= text.length) return text;
  const last = text.charCodeAt(length - 1);
  const isHighSurrogate = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, isHighSurrogate ? length - 1 : length);
}
