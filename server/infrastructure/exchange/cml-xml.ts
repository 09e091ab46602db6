import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CmlParse } from '../../application/exchange/exchange.port';
import { CML_REPEATED, cmlRoot } from '../../domain/commerceml';

/** Elements nested deeper than this are refused (CommerceML needs about 10). */
const MAX_DEPTH = 40;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the five predefined entities and character references: a DOCTYPE (the one way to define
  // more) is refused before parsing, so nothing can expand (no «billion laughs», no external files).
  processEntities: true,
  htmlEntities: true,
  maxNestedTags: MAX_DEPTH,
  isArray: (name) => CML_REPEATED.has(name),
});

/** The declared encoding of an XML document («windows-1251»), lower case; '' when none is declared. */
function declaredEncoding(bytes: Buffer): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const match = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * Text of a file 1С or МойСклад sent: UTF-8 (with or without a byte order mark) or windows-1251 as
 * its declaration says; anything else — another encoding, bytes that are not valid in the declared
 * one — is refused with a message instead of being read as garbage.
 */
function decode(bytes: Buffer): { ok: true; text: string } | { ok: false; message: string } {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) return utf8(bytes.subarray(UTF8_BOM.length));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { ok: false, message: 'Файл в кодировке UTF-16: выгрузите его в UTF-8 или windows-1251.' };
  const encoding = declaredEncoding(bytes);
  if (encoding === 'windows-1251' || encoding === 'cp1251')
    return { ok: true, text: new TextDecoder('windows-1251').decode(bytes) };
  if (encoding === '' || encoding === 'utf-8' || encoding === 'utf8') return utf8(bytes);
  return {
    ok: false,
    message: `Кодировка «${encoding}» не поддерживается: выгрузите файл в UTF-8 или windows-1251.`,
  };
}

function utf8(bytes: Buffer): { ok: true; text: string } | { ok: false; message: string } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return {
      ok: false,
      message:
        'Файл не в кодировке UTF-8, а в объявлении XML не указана другая: укажите encoding="windows-1251".',
    };
  }
}

/**
 * Reads a CommerceML file with limits: at most `maxBytes`, no DOCTYPE (so no entity definitions and
 * no entity expansion at all), at most MAX_DEPTH levels, well-formed XML, the КоммерческаяИнформация
 * root. Every refusal is a Russian message for the exchange log of 1С; nothing throws.
 */
export function parseCommerceMl(bytes: Buffer, maxBytes: number): CmlParse {
  if (bytes.length > maxBytes)
    return { ok: false, message: `Файл больше допустимого (${Math.floor(maxBytes / 1_048_576)} МБ).` };
  const decoded = decode(bytes);
  if (!decoded.ok) return decoded;
  if (/<!DOCTYPE|<!ENTITY/i.test(decoded.text))
    return { ok: false, message: 'Файл содержит DOCTYPE или ENTITY: такие файлы не принимаются.' };
  const valid = XMLValidator.validate(decoded.text);
  if (valid !== true)
    return {
      ok: false,
      message: `Файл не является корректным XML (строка ${valid.err.line}): ${valid.err.msg}`,
    };
  let document: unknown;
  try {
    document = parser.parse(decoded.text);
  } catch (error) {
    return {
      ok: false,
      message: `Файл не прочитан: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const root = cmlRoot(document);
  if (root === null)
    return { ok: false, message: 'Это не файл CommerceML: нет элемента КоммерческаяИнформация.' };
  return { ok: true, root };
}
