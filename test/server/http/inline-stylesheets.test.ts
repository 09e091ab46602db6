import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../../server/http/page-document';

const link = (href: string) => `<link rel="stylesheet" crossorigin href="${href}">`;

describe('inlineStylesheets: the page’s stylesheets inside its document', () => {
  it('puts each sheet in a <style>, in document order, and keeps its link disabled for the chunk loader', () => {
    const sheets: Record<string, string> = {
      '/assets/app-1.css': '.a{color:red}',
      '/assets/page-2.css': '.b{margin:0}',
    };
    const html = `<head>${link('/assets/app-1.css')}<link rel="preload" as="image" href="/x.svg">${link('/assets/page-2.css')}</head>`;
    expect(inlineStylesheets(html, (href) => sheets[href] ?? null)).toBe(
      '<head><style data-href="/assets/app-1.css">.a{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/app-1.css" disabled>' +
        '<link rel="preload" as="image" href="/x.svg">' +
        '<style data-href="/assets/page-2.css">.b{margin:0}</style>' +
        '<link rel="stylesheet" href="/assets/page-2.css" disabled></head>',
    );
  });

  it('keeps the link of a sheet it cannot read (missing, too large) and touches nothing else', () => {
    const html = `<head>${link('/assets/gone.css')}<link rel="stylesheet" href="/elsewhere.css"></head>`;
    expect(inlineStylesheets(html, () => null)).toBe(html);
  });

  it('never lets a sheet close its element, whatever the sheet holds', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom('</style', '</STYLE', '</Style>'),
        (css, closer) => {
          const text = `${css}${closer}${css}`;
          const html = inlineStylesheets(`<head>${link('/assets/a.css')}</head>`, () => text);
          // Exactly one closing tag: the element's own.
          expect(html.match(/<\/style/gi)).toHaveLength(1);
          expect(html.endsWith('</style><link rel="stylesheet" href="/assets/a.css" disabled></head>')).toBe(
            true,
          );
        },
      ),
    );
  });
});
