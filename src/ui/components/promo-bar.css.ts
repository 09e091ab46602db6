import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const bar = style({
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  fontSize: vars.font.sizeS,
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.m,
  maxWidth: vars.size.container,
  margin: '0 auto',
  padding: `${vars.space.s} ${vars.space.l}`,
  textAlign: 'center',
  '@media': { [media.upToMobile]: { padding: `${vars.space.s} ${vars.space.m}`, gap: vars.space.s } },
});

export const strong = style({ fontWeight: vars.font.weightBold, color: vars.color.accentOnDark });

export const link = style({
  color: vars.color.inverseText,
  fontWeight: vars.font.weightSemibold,
  textUnderlineOffset: '3px',
  whiteSpace: 'nowrap',
});
