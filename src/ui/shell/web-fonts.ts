/**
 * When the shop's typeface may load and when the page switches to it (docs/performance.md «Fonts after the
 * app»). Until `<html data-fonts>` the page is drawn in system fonts scaled to Manrope's metrics
 * (theme/font-stack.css.ts).
 *
 * - A first visit spends its bandwidth on the app's script, not on 40 kB of fonts: Manrope is fetched once
 *   the app has taken over, and the page switches to it at the next page change (or when the tab is
 *   hidden), when it is drawn anew anyway. Switching under the visitor's eyes would re-lay the whole page
 *   out, a long task of ~0.1–0.2 s on a slow phone, and move the text they are reading — the reason
 *   `font-display: optional` exists.
 * - A visit after one that fetched it has the attribute from index.html's early script (the HTTP cache
 *   keeps the files for a year), so it draws in Manrope from its first paint.
 */
export const WEB_FONTS_ATTRIBUTE = 'data-fonts';

/** The family the attribute lets in (theme/font-stack.css.ts). */
export const WEB_FONT_FAMILY = 'Manrope Variable';

/** Russian and Latin letters and digits: makes `document.fonts.load` fetch both files the text uses. */
const SAMPLE_TEXT = 'Аа Zz 09';

export interface WebFontsOptions {
  /** Called once the files are there, so the next page view may draw in them at once. */
  readonly remember: () => void;
  /** Calls the listener at each page change; returns the unsubscribe function. */
  readonly onPageChange: (listener: () => void) => () => void;
}

/** Lets the page use Manrope: from now on its text is laid out in it. */
function switchToWebFonts(document: Document): void {
  document.documentElement.setAttribute(WEB_FONTS_ATTRIBUTE, '');
}

/**
 * Fetches Manrope without using it, then switches at the next page change or when the tab is hidden.
 * A browser without the Font Loading API, or a fetch that fails, switches then too: the font then
 * loads (or not) as any web font does. Nothing to do when the early script already switched.
 */
export async function loadWebFontsForNextPage(document: Document, options: WebFontsOptions): Promise<void> {
  if (document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)) return;
  try {
    if ('fonts' in document) {
      const faces = await document.fonts.load(`400 1em "${WEB_FONT_FAMILY}"`, SAMPLE_TEXT);
      if (faces.length > 0) options.remember();
    }
  } finally {
    switchAtNextPage(document, options.onPageChange);
  }
}

function switchAtNextPage(document: Document, onPageChange: WebFontsOptions['onPageChange']): void {
  const switchNow = () => {
    stopPageChanges();
    document.removeEventListener('visibilitychange', switchWhenHidden);
    switchToWebFonts(document);
  };
  const switchWhenHidden = () => {
    if (document.visibilityState === 'hidden') switchNow();
  };
  const stopPageChanges = onPageChange(switchNow);
  document.addEventListener('visibilitychange', switchWhenHidden);
}
