import sanitizeHtml from 'sanitize-html';

/**
 * The one place rich text from the back office is made safe (docs/security.md "Rich text"). Every
 * HTML the administrator stores — product and category descriptions, news, static pages, SEO texts —
 * passes through `sanitiseRichText` on write, and the storefront renders only what was stored, so
 * nothing executable reaches a page even when an administrator account is phished.
 *
 * Allow-list, not block-list: headings, paragraphs, lists, emphasis, quotes, tables and line breaks;
 * links to http(s), mailto, tel or a path on this site, always with rel="noopener noreferrer";
 * pictures only from our own /media/. Every other tag is dropped (its text kept, except for script,
 * style and similar, whose content goes too), every other attribute removed — no style, no event
 * handlers, no SVG, no iframes.
 */
const ALLOWED_TAGS = [
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
];

/** Paths on this site: '/x', never '//host' (protocol-relative) or '/\host'. */
const SITE_PATH = /^\/(?![/\\])/;
const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9\-_/.]*$/;
const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;

/** Control characters and whitespace browsers ignore inside a URL scheme ("java\tscript:"). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f]/g;

export function isSafeHref(href: string): boolean {
  const compact = href.replace(URL_NOISE, '');
  if (compact === '') return false;
  if (SITE_PATH.test(compact)) return true;
  if (compact.startsWith('#')) return true;
  return SAFE_SCHEME.test(compact) && !/^https?:\/*$/i.test(compact);
}

export function isOwnMedia(src: string): boolean {
  const compact = src.replace(URL_NOISE, '');
  return MEDIA_PATH.test(compact) && !compact.includes('..');
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // Relative URLs are checked by the transforms below; the schemes here are for absolute ones.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'svg',
    'math',
    'template',
    'xmp',
  ],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // Tiptap's h1 would compete with the page's own title: keep the outline semantic.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const safe: Record<string, string> = {};
      if (isSafeHref(href)) safe.href = href.trim();
      if (attribs.title) safe.title = attribs.title;
      if (attribs.target === '_blank') safe.target = '_blank';
      safe.rel = 'noopener noreferrer';
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      // Without a src of our own the picture is dropped by exclusiveFilter below.
      if (!isOwnMedia(src)) return { tagName, attribs: {} };
      const safe: Record<string, string> = { src: src.trim(), alt: attribs.alt ?? '' };
      for (const size of ['width', 'height'] as const) {
        const value = attribs[size];
        if (value !== undefined && /^\d{1,4}$/.test(value)) safe[size] = value;
      }
      return { tagName, attribs: safe };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs.src === undefined,
};

/** Safe HTML for storage and display (also applied on read to rows stored before this existed). */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
