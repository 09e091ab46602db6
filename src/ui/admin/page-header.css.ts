import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.m,
  marginBottom: vars.space.l,
  '@media': { [media.upToMobile]: { marginBottom: vars.space.m } },
});

export const titles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const crumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  fontSize: vars.font.sizeS,
  color: vars.color.mutedText,
});

export const crumbLink = style({
  color: vars.color.mutedText,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const title = style({
  fontSize: vars.font.sizeXl,
  fontWeight: vars.font.weightBold,
  overflowWrap: 'anywhere',
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeL } },
});

export const subtitle = style({ color: vars.color.mutedText, fontSize: vars.font.sizeS });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, alignItems: 'center' });
