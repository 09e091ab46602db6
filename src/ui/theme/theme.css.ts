import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';

/** One theme contract for the whole shop: colours, spacing and type scales, breakpoints. */
export const vars = createGlobalTheme(':root', {
  color: {
    background: '#f6f2ec',
    surface: '#ffffff',
    text: '#2b2622',
    mutedText: '#6b625a',
    accent: '#8a5a3b',
    accentText: '#ffffff',
    border: '#e4ddd3',
    sale: '#b23a2b',
    focus: '#1f5fbf',
  },
  space: { xs: '4px', s: '8px', m: '16px', l: '24px', xl: '40px', xxl: '64px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    sizeS: '14px',
    sizeM: '16px',
    sizeL: '20px',
    sizeXl: '28px',
    sizeXxl: '40px',
  },
  radius: { s: '4px', m: '8px', l: '16px' },
});

/** The spec's breakpoints (§9): 768, 1000, 1183, 1200 px. */
export const breakpoints = { mobile: 768, tablet: 1000, narrowDesktop: 1183, desktop: 1200 } as const;

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('body', {
  margin: 0,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeM,
  lineHeight: 1.5,
});
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });
