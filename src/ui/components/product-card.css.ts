import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  background: vars.color.surface,
  borderRadius: vars.radius.l,
  overflow: 'hidden',
  boxShadow: vars.shadow.s,
  transition: `box-shadow ${vars.motion.medium} ${vars.motion.easing}, transform ${vars.motion.medium} ${vars.motion.easing}`,
  selectors: { '&:hover': { boxShadow: vars.shadow.m } },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

export const media_ = style({
  position: 'relative',
  display: 'block',
  aspectRatio: '1 / 1',
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  transition: `transform 600ms ${vars.motion.easing}`,
  selectors: { [`${card}:hover &`]: { transform: 'scale(1.03)' } },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

export const badges = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  pointerEvents: 'none',
});

export const favourite = style({
  position: 'absolute',
  top: vars.space.s,
  right: vars.space.s,
  zIndex: vars.zIndex.raised,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  flexGrow: 1,
  gap: vars.space.s,
  padding: vars.space.m,
});

export const name = style({
  fontSize: vars.font.sizeM,
  fontWeight: vars.font.weightMedium,
  lineHeight: vars.font.lineSnug,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

export const nameLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.accent },
    // The whole card is clickable through the name link; other controls sit above it.
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 },
  },
});

export const dimensions = style({ fontSize: vars.font.sizeXs, color: vars.color.mutedText });

export const footer = style({
  marginTop: 'auto',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.sm,
  paddingTop: vars.space.xs,
});

export const raised = style({ position: 'relative', zIndex: vars.zIndex.raised });
