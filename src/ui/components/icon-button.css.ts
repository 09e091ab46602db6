import { type StyleRule, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

const iconButtonTones = ['plain', 'surface', 'inverse', 'accent', 'whatsapp', 'telegram'] as const;
export type IconButtonTone = (typeof iconButtonTones)[number];

const iconButtonSizes = ['xs', 's', 'm', 'l'] as const;
export type IconButtonSize = (typeof iconButtonSizes)[number];

export const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  padding: 0,
  border: '1px solid transparent',
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  textDecoration: 'none',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, color ${vars.motion.fast}`,
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
});

const toneRules: Record<IconButtonTone, StyleRule> = {
  plain: {
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
  },
  surface: {
    background: vars.color.surface,
    color: vars.color.text,
    boxShadow: vars.shadow.s,
    selectors: { '&:hover:not(:disabled)': { color: vars.color.accent } },
  },
  inverse: {
    background: vars.color.inverseSurface,
    color: vars.color.inverseText,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
  },
  // A ring keeps the button visible on dark and light backgrounds alike (floating help button).
  accent: {
    background: vars.color.accent,
    color: vars.color.accentText,
    boxShadow: `0 0 0 2px ${vars.color.surface}, ${vars.shadow.m}`,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
  },
  whatsapp: {
    background: vars.color.whatsapp,
    color: vars.color.accentText,
    boxShadow: vars.shadow.m,
    selectors: { '&:hover': { filter: 'brightness(1.1)' } },
  },
  telegram: {
    background: vars.color.telegram,
    color: vars.color.accentText,
    boxShadow: vars.shadow.m,
    selectors: { '&:hover': { filter: 'brightness(1.1)' } },
  },
};
export const tone = styleVariants(toneRules);

// Sizes are variants of the button itself, so no consumer has to out-specify its width.
const sizeRules: Record<IconButtonSize, StyleRule> = {
  xs: { width: '28px', height: '28px' },
  s: { width: '38px', height: '38px' },
  m: { width: vars.size.control, height: vars.size.control },
  l: { width: '48px', height: '48px', '@media': { [media.upToMobile]: { width: '42px', height: '42px' } } },
};
export const size = styleVariants(sizeRules);

export const pressed = style({ color: vars.color.sale });

export const count = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '18px',
  height: '18px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: '11px',
  fontWeight: vars.font.weightBold,
  lineHeight: '18px',
  textAlign: 'center',
  pointerEvents: 'none',
});
