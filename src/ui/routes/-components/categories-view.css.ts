import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/theme.css';

export const tree = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.l,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.upToTablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.upToMobile]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.m },
  },
});

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  borderRadius: vars.radius.l,
  overflow: 'hidden',
  background: vars.color.surface,
  boxShadow: vars.shadow.s,
});

export const rootImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});

export const rootBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: vars.space.l,
});

export const rootLink = style({
  fontSize: vars.font.sizeL,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.accent } },
});

export const rootText = style({ color: vars.color.mutedText, fontSize: vars.font.sizeS });

export const children = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.sizeS,
});

export const childLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.accent, textDecoration: 'underline' } },
});
