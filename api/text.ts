import { Schema } from 'effect';

/**
 * Checked text: the building block of every free-text field of the contract. A control character
 * (NUL, escape, backspace, the C1 range, …) is never a legitimate part of a name, an address or a
 * comment; PostgreSQL refuses NUL outright, terminals and logs act on escapes, so the contract refuses
 * them at the edge with a 400. Tab, line feed and carriage return are text in a multi-line field (a
 * comment, a message) and are refused in a single-line one. A lone UTF-16 surrogate cannot be stored as
 * UTF-8 and is refused as well.
 *
 * The server additionally applies `findControlCharacter` to every decoded request (server/http/
 * contract.ts), so an endpoint whose schema still uses a bare `Schema.String` is covered too.
 */

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Whether a text holds a control character other than tab, line feed and carriage return (C0, DEL,
 * C1) or a lone UTF-16 surrogate. A loop over code units rather than a regular expression: the lint
 * rule against control characters in regular expressions is right everywhere else.
 */
function hasForbiddenCharacter(text: string, allowLineBreaks: boolean): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20) {
      if (allowLineBreaks && (unit === TAB || unit === LINE_FEED || unit === CARRIAGE_RETURN)) continue;
      return true;
    }
    if (unit >= 0x7f && unit <= 0x9f) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

const CONTROL_CHARACTER_MESSAGE = 'Текст содержит недопустимые управляющие символы';
const LINE_BREAK_MESSAGE = 'Поле должно быть одной строкой';

/** Whether a text may be stored as multi-line text: no control characters but tab and line breaks. */
function isCleanMultiLineText(text: string): boolean {
  return !hasForbiddenCharacter(text, true);
}

/** Whether a text is clean single-line text: no control characters at all. */
export function isCleanSingleLineText(text: string): boolean {
  return !hasForbiddenCharacter(text, false);
}

/** A one-line text field (a name, a subject, a code) of at most `maximum` characters. */
export const SingleLineText = (maximum: number, minimum = 0) =>
  Schema.String.pipe(
    Schema.check(
      Schema.isMinLength(minimum),
      Schema.isMaxLength(maximum),
      Schema.makeFilter((text: string) =>
        isCleanMultiLineText(text)
          ? isCleanSingleLineText(text) || LINE_BREAK_MESSAGE
          : CONTROL_CHARACTER_MESSAGE,
      ),
    ),
  );

/** A multi-line text field (a comment, a message, an address) of at most `maximum` characters. */
export const MultiLineText = (maximum: number, minimum = 0) =>
  Schema.String.pipe(
    Schema.check(
      Schema.isMinLength(minimum),
      Schema.isMaxLength(maximum),
      Schema.makeFilter((text: string) => isCleanMultiLineText(text) || CONTROL_CHARACTER_MESSAGE),
    ),
  );

/** Deepest nesting of objects and arrays a request may carry; the contract's deepest is far less. */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem =
  | { readonly kind: 'control_character'; readonly path: readonly string[] }
  | { readonly kind: 'too_deep'; readonly path: readonly string[] };

/**
 * The first string (value or key) holding a control character or a lone surrogate anywhere in a
 * decoded request part, or nesting deeper than MAX_INPUT_DEPTH; null when the input is clean.
 * Iterative, so a hostile depth cannot exhaust the stack.
 */
export function findControlCharacter(input: unknown): InputProblem | null {
  const stack: { value: unknown; path: readonly string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined) break;
    const { value, path } = item;
    if (typeof value === 'string') {
      if (!isCleanMultiLineText(value)) return { kind: 'control_character', path };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { kind: 'too_deep', path };
    const entries = Array.isArray(value)
      ? value.map((member, index) => [String(index), member] as const)
      : Object.entries(value);
    for (const [key, member] of entries) {
      if (!isCleanMultiLineText(key)) return { kind: 'control_character', path };
      stack.push({ value: member, path: [...path, key] });
    }
  }
  return null;
}
