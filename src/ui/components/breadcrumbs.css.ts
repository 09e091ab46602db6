import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.sizeS,
  color: vars.color.mutedText,
});

export const item = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const link = style({
  color: vars.color.mutedText,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const current = style({ color: vars.color.text });
