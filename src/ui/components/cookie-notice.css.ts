import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

/**
 * A bar fixed to the bottom: out of the page's flow, so showing it moves nothing (no layout shift of
 * the page's largest element), and it leaves the page usable behind it.
 */
export const bar = style({
  position: 'fixed',
  left: vars.space.m,
  right: vars.space.m,
  bottom: vars.space.m,
  zIndex: vars.zIndex.banner,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.m,
  maxWidth: vars.size.container,
  margin: '0 auto',
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.l,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.l,
  fontSize: vars.font.sizeS,
  '@media': { [media.upToMobile]: { flexDirection: 'column', alignItems: 'stretch' } },
});

export const text = style({ margin: 0, flex: 1 });
export const link = style({ color: vars.color.accent });
export const actions = style({ display: 'flex', gap: vars.space.s, flexShrink: 0 });
