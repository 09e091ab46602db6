import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.l,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.upToNarrowDesktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.upToMobile]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.sm },
  },
});
