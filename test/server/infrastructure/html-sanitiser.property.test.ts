import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import {
  isOwnMedia,
  isSafeHref,
  sanitiseRichText,
} from '../../../server/infrastructure/admin-catalogue/html-sanitiser';

/**
 * Issue 11 / docs/security.md "Rich text": whatever an administrator (or a phished administrator
 * account) stores, nothing executable reaches a page. Property tests over a hostile corpus: script,
 * event handlers, javascript:/data:/vbscript: URLs (entity-encoded, mixed case, with control
 * characters), SVG/MathML, style, iframes, forms, nested and broken tags.
 */
const ALLOWED = new Set([
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

const TAGS = [
  'script',
  'SCRIPT',
  'svg',
  'math',
  'iframe',
  'style',
  'img',
  'a',
  'p',
  'div',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'body',
  'base',
  'meta',
  'link',
  'template',
  'noscript',
  'textarea',
  'h1',
  'table',
  'td',
  'video',
  'audio',
  'source',
  'details',
  'marquee',
  'frameset',
  'xmp',
  'animate',
  'use',
  'foreignObject',
];
const ATTRIBUTES = [
  'onerror',
  'onclick',
  'OnLoad',
  'onmouseover',
  'style',
  'href',
  'HREF',
  'src',
  'xlink:href',
  'formaction',
  'srcdoc',
  'action',
  'data',
  'background',
  'poster',
  'srcset',
  'target',
  'rel',
  'class',
  'id',
  'alt',
];
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'jav&#x61;script:alert(1)',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  '&#x6A;avascript&colon;alert(1)',
  'java\tscript:alert(1)',
  'java&#9;script:alert(1)',
  ' \u0001javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'VbScRiPt&#58;msgbox(1)',
  '//evil.example/x.js',
  '/\\evil.example',
  'https://ok.example/page',
  'mailto:shop@example.ru',
  'tel:+78125551234',
  '/category/mebel',
  '/media/upload/p1-abc-640.webp',
  '/media/../../etc/passwd',
  'http://',
];

const attribute = fc
  .tuple(
    fc.constantFrom(...ATTRIBUTES),
    fc.oneof(fc.constantFrom(...HOSTILE_URLS), fc.string({ maxLength: 20 })),
  )
  .map(([name, value]) => `${name}="${value.replaceAll('"', '&quot;')}"`);

const element: fc.Memo<string> = fc.memo((depth) =>
  fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      '<script>alert(1)</script>',
      '<scr<script>ipt>alert(1)</script>',
      '<svg><script>alert(1)</script></svg>',
      '<svg/onload=alert(1)>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x',
      '<iframe srcdoc="<script>alert(1)</script>">',
      '<style>*{background:url(javascript:alert(1))}</style>',
      '<!--<script>alert(1)</script>-->',
      '<![CDATA[<script>alert(1)</script>]]>',
      '<p style="x:expression(alert(1))">',
      '</p></div><',
      '<<script>>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ),
    fc
      .tuple(
        fc.constantFrom(...TAGS),
        fc.array(attribute, { maxLength: 3 }),
        fc.array(depth > 0 ? element(depth - 1) : fc.string({ maxLength: 10 }), { maxLength: 3 }),
        fc.boolean(),
      )
      .map(
        ([tag, attributes, children, closed]) =>
          `<${tag}${attributes.length > 0 ? ` ${attributes.join(' ')}` : ''}>${children.join('')}${closed ? `</${tag}>` : ''}`,
      ),
  ),
);

const hostileHtml = fc.array(element(3), { maxLength: 6 }).map((parts) => parts.join(''));

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/** Every element of the sanitised output, as a browser-like parser (entities decoded) sees it. */
function elements(html: string): Node[] {
  const found: Node[] = [];
  const walk = (node: Node) => {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') found.push(node);
    for (const child of node.children ?? []) walk(child);
  };
  walk(parseDocument(html, { decodeEntities: true }) as unknown as Node);
  return found;
}

function textOf(node: Node & { data?: string }): string {
  if (node.type === 'text') return node.data ?? '';
  return (node.children ?? []).map((child) => textOf(child)).join('');
}

describe('rich-text sanitiser (property tests against a hostile corpus)', () => {
  it('leaves only allowed tags and attributes; links and pictures only to safe places', () => {
    fc.assert(
      fc.property(hostileHtml, (input) => {
        const output = sanitiseRichText(input);
        for (const node of elements(output)) {
          const name = node.name ?? '';
          expect(ALLOWED.has(name), `tag <${name}> in ${output}`).toBe(true);
          for (const [attribute, value] of Object.entries(node.attribs ?? {})) {
            expect(ALLOWED_ATTRIBUTES[name] ?? [], `attribute ${attribute} on <${name}>`).toContain(
              attribute,
            );
            if (attribute === 'href') expect(isSafeHref(value), `href ${value}`).toBe(true);
            if (attribute === 'src') expect(isOwnMedia(value), `src ${value}`).toBe(true);
          }
          if (name === 'a') expect(node.attribs?.rel).toBe('noopener noreferrer');
        }
        expect(output).not.toMatch(/<\s*(script|svg|iframe|style|object|embed|math|form|base|meta|link)\b/i);
        expect(output).not.toMatch(/\son[a-z]+\s*=/i);
      }),
      { numRuns: 2000 },
    );
  });

  it('no href or src in the output can run script, however it was encoded', () => {
    fc.assert(
      fc.property(hostileHtml, (input) => {
        for (const node of elements(sanitiseRichText(input))) {
          for (const key of ['href', 'src']) {
            const value = node.attribs?.[key];
            if (value === undefined) continue;
            // What a browser would see: control characters and whitespace dropped, case folded.
            // biome-ignore lint/suspicious/noControlCharactersInRegex: the browser ignores them in a scheme
            const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
            expect(compact).not.toMatch(/^(javascript|data|vbscript):/);
            expect(compact.startsWith('//')).toBe(false);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('sanitising stored HTML again loses no text (a second pass only re-nests, e.g. a table out of a <p>)', () => {
    const text = (html: string) => textOf(parseDocument(html, { decodeEntities: true }) as unknown as Node);
    fc.assert(
      fc.property(hostileHtml, (input) => {
        const once = sanitiseRichText(input);
        expect(text(sanitiseRichText(once))).toBe(text(once));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps what the editor writes: headings, lists, emphasis, quotes, tables, safe links, own pictures', () => {
    const editor =
      '<h2>Доставка</h2><p>Мы <strong>привезём</strong> и <em>соберём</em>.</p><ul><li>Санкт-Петербург</li></ul>' +
      '<ol><li>Один</li></ol><blockquote><p>Цитата</p></blockquote>' +
      '<table><tbody><tr><th>Зона</th><td>0 ₽</td></tr></tbody></table>' +
      '<p><a href="https://example.ru" target="_blank">сайт</a> <a href="mailto:a@b.ru">почта</a> ' +
      '<a href="tel:+78125551234">телефон</a> <a href="/pages/contacts">контакты</a></p>' +
      '<img src="/media/upload/p1-abc-640.webp" alt="Диван">';
    expect(sanitiseRichText(editor)).toBe(
      '<h2>Доставка</h2><p>Мы <strong>привезём</strong> и <em>соберём</em>.</p><ul><li>Санкт-Петербург</li></ul>' +
        '<ol><li>Один</li></ol><blockquote><p>Цитата</p></blockquote>' +
        '<table><tbody><tr><th>Зона</th><td>0 ₽</td></tr></tbody></table>' +
        '<p><a href="https://example.ru" target="_blank" rel="noopener noreferrer">сайт</a> ' +
        '<a href="mailto:a@b.ru" rel="noopener noreferrer">почта</a> ' +
        '<a href="tel:+78125551234" rel="noopener noreferrer">телефон</a> ' +
        '<a href="/pages/contacts" rel="noopener noreferrer">контакты</a></p>' +
        '<img src="/media/upload/p1-abc-640.webp" alt="Диван" />',
    );
  });

  it('turns h1 into h2 and drops pictures from other sites', () => {
    expect(sanitiseRichText('<h1>Заголовок</h1><img src="https://evil.example/x.png">')).toBe(
      '<h2>Заголовок</h2>',
    );
  });
});
