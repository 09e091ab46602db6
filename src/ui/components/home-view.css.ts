import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxl,
  '@media': { [media.upToMobile]: { gap: vars.space.xl } },
});

export const bannerRow1 = style({
  display: 'grid',
  gridTemplateColumns: '2fr 1fr',
  gap: vars.space.l,
  '@media': {
    [media.upToTablet]: { gridTemplateColumns: '1fr' },
    [media.upToMobile]: { gap: vars.space.m },
  },
});

export const bannerRow2 = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.l,
  '@media': { [media.upToMobile]: { gridTemplateColumns: '1fr', gap: vars.space.m } },
});

export const banners = style({ display: 'flex', flexDirection: 'column', gap: vars.space.l });

export const collage = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gridAutoRows: '220px',
  gridAutoFlow: 'dense',
  gap: vars.space.m,
  '@media': {
    [media.upToTablet]: { gridAutoRows: '180px' },
    [media.upToMobile]: {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      gridAutoRows: '150px',
      gap: vars.space.s,
    },
  },
});

export const categories = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
  gap: vars.space.l,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.upToTablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.upToMobile]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.m },
  },
});
