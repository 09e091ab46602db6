import { type StyleRule, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const buttonVariants = ['primary', 'accent', 'secondary', 'ghost', 'inverse'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];

const buttonSizes = ['s', 'm', 'l'] as const;
export type ButtonSize = (typeof buttonSizes)[number];

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.s,
  border: '1px solid transparent',
  borderRadius: vars.radius.pill,
  fontWeight: vars.font.weightSemibold,
  lineHeight: vars.font.lineSnug,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, color ${vars.motion.fast}, border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const fullWidth = style({ width: '100%' });

const variantRules: Record<ButtonVariant, StyleRule> = {
  primary: {
    background: vars.color.inverseSurface,
    color: vars.color.inverseText,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
  },
  accent: {
    background: vars.color.accent,
    color: vars.color.accentText,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.text } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
  },
  inverse: {
    background: vars.color.surface,
    color: vars.color.text,
    boxShadow: vars.shadow.s,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.accentSoft } },
  },
};
export const variant = styleVariants(variantRules);

const sizeRules: Record<ButtonSize, StyleRule> = {
  s: { minHeight: vars.size.controlSmall, padding: `0 ${vars.space.m}`, fontSize: vars.font.sizeS },
  m: { minHeight: vars.size.control, padding: `0 ${vars.space.l}`, fontSize: vars.font.sizeM },
  l: { minHeight: '52px', padding: `0 ${vars.space.xl}`, fontSize: vars.font.sizeM },
};
export const size = styleVariants(sizeRules);
