import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const bar = style({
  background: vars.color.surfaceMuted,
  fontSize: vars.font.sizeS,
  color: vars.color.mutedText,
  '@media': { [media.upToMobile]: { display: 'none' } },
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.l,
  maxWidth: vars.size.container,
  minHeight: '40px',
  margin: '0 auto',
  padding: `0 ${vars.space.l}`,
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.l,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.upToTablet]: { gap: vars.space.m } },
});

export const link = style({
  color: vars.color.mutedText,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text } },
});

export const aside = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.l,
  whiteSpace: 'nowrap',
});

export const city = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.accent } },
});

export const schedule = style({
  '@media': { [media.upToNarrowDesktop]: { display: 'none' } },
});

export const phone = style({
  color: vars.color.text,
  fontWeight: vars.font.weightBold,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.accent } },
});
