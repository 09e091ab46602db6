/**
 * When the shop's typeface may load (docs/performance.md «Fonts after the app»). Until `<html data-fonts>`
 * the page is drawn in system fonts scaled to Manrope's metrics (theme/font-stack.css.ts), so a first visit
 * spends its bandwidth on the app's script, not on 40 kB of fonts; once the app has taken over, Manrope is
 * loaded and swapped in. A visit after one that loaded it has the attribute from index.html's early script
 * (the HTTP cache keeps the files for a year), so it draws in Manrope from its first paint.
 */
export const WEB_FONTS_ATTRIBUTE = 'data-fonts';

/** The family the attribute lets in (theme/font-stack.css.ts). */
export const WEB_FONT_FAMILY = 'Manrope Variable';

/** Russian and Latin letters and digits: makes `document.fonts.load` fetch both files the text uses. */
const SAMPLE_TEXT = 'Аа Zz 09';

/**
 * Loads Manrope, then lets the page use it: one swap, with both files there. `remember` runs when it
 * loaded, so the next page view may draw in it at once. A browser without the Font Loading API, or a
 * load that fails, still gets the attribute: the font then loads (or not) as any web font does.
 */
export async function loadWebFonts(document: Document, remember: () => void): Promise<void> {
  const html = document.documentElement;
  if (html.hasAttribute(WEB_FONTS_ATTRIBUTE)) return;
  if (!('fonts' in document)) {
    html.setAttribute(WEB_FONTS_ATTRIBUTE, '');
    return;
  }
  try {
    const faces = await document.fonts.load(`400 1em "${WEB_FONT_FAMILY}"`, SAMPLE_TEXT);
    if (faces.length > 0) remember();
  } finally {
    html.setAttribute(WEB_FONTS_ATTRIBUTE, '');
  }
}
