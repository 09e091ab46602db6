import { createFontStack } from '@capsizecss/core';
import { globalFontFace } from '@vanilla-extract/css';
import { WEB_FONT_FAMILY } from '../shell/web-fonts';

/**
 * The shop's typeface and the fallback it is drawn in until Manrope is there (docs/design-system.md
 * «Typeface»).
 *
 * A first visit draws in a system font scaled to Manrope's metrics, fetches Manrope once the app has taken
 * over and switches to it at the next page (ui/shell/web-fonts.ts): on a slow phone its 40 kB would otherwise
 * share the line with the app's script and delay the moment taps work (docs/performance.md «Fonts after the
 * app»). Capsize's `createFontStack` writes the fallback faces: `local()` system fonts with `size-adjust` and
 * ascent/descent overrides, so the first page keeps Manrope's sizes and any swap (the next page, or a font
 * that arrives late) moves text by a hair, not by lines.
 *
 * The metrics are Capsize's (`@capsizecss/metrics` 4.3: manrope, arial, roboto, helvetica; that package is
 * 169 MB, so the five numbers each face needs are copied here) and, for DejaVu Sans (the sans-serif of
 * Debian and of the bench's Chromium), `@capsizecss/unpack`'s reading of DejaVuSans.ttf.
 */
const MANROPE = {
  familyName: WEB_FONT_FAMILY,
  ascent: 2132,
  descent: -600,
  lineGap: 0,
  unitsPerEm: 2000,
  xWidthAvg: 920,
} as const;

/**
 * System fonts with Cyrillic, by platform: Windows and macOS, Android, Linux, iOS. `local()` matches a font
 * by its full or PostScript name, so both are given.
 */
const SYSTEM_FALLBACKS = [
  {
    familyName: 'Arial',
    fullName: 'Arial',
    postscriptName: 'ArialMT',
    ascent: 1854,
    descent: -434,
    lineGap: 67,
    unitsPerEm: 2048,
    xWidthAvg: 913,
  },
  {
    familyName: 'Roboto',
    fullName: 'Roboto Regular',
    postscriptName: 'Roboto-Regular',
    ascent: 1900,
    descent: -500,
    lineGap: 0,
    unitsPerEm: 2048,
    xWidthAvg: 911,
  },
  {
    familyName: 'DejaVu Sans',
    fullName: 'DejaVu Sans',
    postscriptName: 'DejaVuSans',
    ascent: 1901,
    descent: -483,
    lineGap: 0,
    unitsPerEm: 2048,
    xWidthAvg: 1041,
  },
  {
    familyName: 'Helvetica',
    fullName: 'Helvetica',
    postscriptName: 'Helvetica',
    ascent: 1577,
    descent: -471,
    lineGap: 0,
    unitsPerEm: 2048,
    xWidthAvg: 913,
  },
] as const;

const { fontFaces } = createFontStack([MANROPE, ...SYSTEM_FALLBACKS], { fontFaceFormat: 'styleObject' });

const fallbackFaceNames = fontFaces.map(({ '@font-face': { fontFamily, ...rules } }) => {
  globalFontFace(fontFamily, rules);
  return fontFamily;
});

/** Whatever a device lacks all four of. */
const GENERIC = ['system-ui', '-apple-system', '"Segoe UI"', 'sans-serif'];

/** The page's font before Manrope is allowed to load: the scaled system fonts. */
export const fallbackFontStack = [...fallbackFaceNames, ...GENERIC].join(', ');

/** Manrope first, once it may load (`<html data-fonts>`). */
export const webFontStack = [JSON.stringify(MANROPE.familyName), fallbackFontStack].join(', ');
