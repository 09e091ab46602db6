import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.m,
  padding: `${vars.space.m} ${vars.space.l}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const logo = style({
  fontSize: vars.font.sizeL,
  fontWeight: 700,
  color: vars.color.text,
  textDecoration: 'none',
  letterSpacing: '0.02em',
});

export const main = style({ maxWidth: '1200px', margin: '0 auto', padding: vars.space.l });

export const footer = style({
  padding: vars.space.l,
  color: vars.color.mutedText,
  fontSize: vars.font.sizeS,
  borderTop: `1px solid ${vars.color.border}`,
});
