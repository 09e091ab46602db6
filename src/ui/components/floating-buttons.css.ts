import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const stack = style({
  position: 'fixed',
  right: vars.space.l,
  bottom: vars.space.l,
  zIndex: vars.zIndex.floating,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  '@media': { [media.upToMobile]: { right: vars.space.sm, bottom: vars.space.sm } },
});
