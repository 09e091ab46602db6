import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.m,
  maxWidth: vars.size.text,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.l}`,
  textAlign: 'center',
});

export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '72px',
  height: '72px',
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

export const title = style({ fontSize: vars.font.sizeXl });
export const text = style({ color: vars.color.mutedText });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.s,
});
export const code = style({
  fontSize: '96px',
  fontWeight: vars.font.weightBold,
  lineHeight: 1,
  color: vars.color.accent,
  letterSpacing: '-0.04em',
});
