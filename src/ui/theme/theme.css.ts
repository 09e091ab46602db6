import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { WEB_FONTS_ATTRIBUTE } from '../shell/web-fonts';
import { fallbackFontStack, webFontStack } from './font-stack.css';

/**
 * The one theme contract of the storefront. Components take every colour, size, radius, shadow,
 * z-index and duration from `vars`; raw values outside this file are a review finding.
 * The palette is warm and quiet so that product photographs carry the page (docs/design-system.md).
 */
export const vars = createGlobalTheme(':root', {
  color: {
    background: '#f7f4ef',
    surface: '#ffffff',
    surfaceMuted: '#efe9e1',
    surfaceSunken: '#e6dfd5',
    text: '#2a2521',
    mutedText: '#6a6058',
    inverseText: '#fbf8f4',
    inverseSurface: '#2a2521',
    inverseMuted: 'rgba(251, 248, 244, 0.7)',
    inverseBorder: 'rgba(251, 248, 244, 0.2)',
    inverseHover: 'rgba(251, 248, 244, 0.12)',
    accent: '#7a4b2a',
    accentHover: '#5f3a20',
    accentSoft: '#f1e4d8',
    accentText: '#ffffff',
    accentOnDark: '#f0c7a1',
    border: '#e2dad0',
    borderStrong: '#c9bdb0',
    sale: '#b0392a',
    saleSoft: '#f8e3df',
    success: '#2e6b4c',
    successSoft: '#e1efe6',
    info: '#35566f',
    infoSoft: '#e2ebf2',
    warning: '#8a5a12',
    warningSoft: '#f6ead2',
    danger: '#b0392a',
    focus: '#1f5fbf',
    overlay: 'rgba(30, 24, 20, 0.55)',
    scrim: 'rgba(247, 244, 239, 0.94)',
    scrimSoft: 'rgba(247, 244, 239, 0.72)',
    scrimClear: 'rgba(247, 244, 239, 0)',
    whatsapp: '#1f8f4e',
    telegram: '#2a7fb8',
  },
  space: {
    xxs: '2px',
    xs: '4px',
    s: '8px',
    sm: '12px',
    m: '16px',
    ml: '20px',
    l: '24px',
    xl: '40px',
    xxl: '64px',
    xxxl: '96px',
  },
  font: {
    // Manrope joins once it may load: `:root[data-fonts]` below (font-stack.css.ts says why).
    body: fallbackFontStack,
    sizeXs: '12px',
    sizeS: '14px',
    sizeM: '16px',
    sizeL: '20px',
    sizeXl: '28px',
    sizeXxl: '40px',
    sizeDisplay: '52px',
    weightRegular: '400',
    weightMedium: '500',
    weightSemibold: '600',
    weightBold: '700',
    lineTight: '1.15',
    lineSnug: '1.3',
    lineBody: '1.55',
  },
  radius: { s: '6px', m: '10px', l: '16px', xl: '24px', pill: '999px' },
  shadow: {
    s: '0 1px 2px rgba(42, 37, 33, 0.06), 0 1px 1px rgba(42, 37, 33, 0.04)',
    m: '0 6px 18px rgba(42, 37, 33, 0.08), 0 2px 4px rgba(42, 37, 33, 0.05)',
    l: '0 18px 48px rgba(42, 37, 33, 0.16), 0 4px 10px rgba(42, 37, 33, 0.06)',
  },
  zIndex: {
    raised: '1',
    sticky: '100',
    dropdown: '200',
    floating: '300',
    banner: '400',
    overlay: '500',
    modal: '510',
    toast: '600',
  },
  size: {
    container: '1320px',
    text: '720px',
    control: '44px',
    controlSmall: '36px',
    headerHeight: '76px',
  },
  motion: {
    fast: '150ms',
    medium: '260ms',
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
});

globalStyle(`:root[${WEB_FONTS_ATTRIBUTE}]`, { vars: { [vars.font.body]: webFontStack } });

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { WebkitTextSizeAdjust: '100%', textSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeM,
  lineHeight: vars.font.lineBody,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
});
globalStyle('h1, h2, h3, h4', {
  lineHeight: vars.font.lineTight,
  margin: 0,
  fontWeight: vars.font.weightBold,
});
globalStyle('p', { margin: 0 });
globalStyle('img, svg', { display: 'block', maxWidth: '100%' });
globalStyle('button, input, textarea, select', { font: 'inherit', color: 'inherit' });
globalStyle('a', { color: 'inherit' });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('::selection', { background: vars.color.accentSoft });
