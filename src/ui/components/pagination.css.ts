import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const page = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.size.control,
  height: vars.size.control,
  padding: `0 ${vars.space.s}`,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: vars.font.weightMedium,
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-current="page"]': { background: vars.color.inverseSurface, color: vars.color.inverseText },
  },
});

export const disabled = style({ opacity: 0.4, pointerEvents: 'none' });
export const gap = style({ padding: `0 ${vars.space.xs}`, color: vars.color.mutedText });
