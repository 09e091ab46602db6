import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.upToMobile]: { display: 'none' } },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.l,
  maxWidth: vars.size.container,
  minHeight: vars.size.headerHeight,
  margin: '0 auto',
  padding: `${vars.space.s} ${vars.space.l}`,
  '@media': { [media.upToTablet]: { gap: vars.space.m } },
});

export const catalogue = style({ flexShrink: 0 });

export const search = style({ flexGrow: 1, minWidth: 0, maxWidth: '640px' });

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginLeft: 'auto',
});

export const hoverAnchor = style({ position: 'relative' });

export const panel = style({
  position: 'absolute',
  top: 'calc(100% + 8px)',
  right: 0,
  zIndex: vars.zIndex.dropdown,
});

export const nav = style({ borderTop: `1px solid ${vars.color.border}` });
