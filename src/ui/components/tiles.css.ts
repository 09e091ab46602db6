import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const tile = style({
  position: 'relative',
  display: 'block',
  height: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.l,
  background: `linear-gradient(160deg, ${vars.color.surfaceMuted}, ${vars.color.surfaceSunken})`,
  color: vars.color.text,
  textDecoration: 'none',
  isolation: 'isolate',
});

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  zIndex: -1,
  transition: `transform 600ms ${vars.motion.easing}`,
  selectors: { [`${tile}:hover &`]: { transform: 'scale(1.04)' } },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

export const label = style({
  position: 'absolute',
  left: vars.space.sm,
  bottom: vars.space.sm,
  maxWidth: 'calc(100% - 24px)',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  boxShadow: vars.shadow.s,
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightSemibold,
});

const collageAspects = ['square', 'wide', 'tall'] as const;
export type CollageAspect = (typeof collageAspects)[number];

export const aspect = styleVariants({
  square: { gridColumn: 'span 1', gridRow: 'span 1' },
  wide: { gridColumn: 'span 2', gridRow: 'span 1' },
  tall: { gridColumn: 'span 1', gridRow: 'span 2' },
} satisfies Record<CollageAspect, { gridColumn: string; gridRow: string }>);

export const category = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  color: vars.color.text,
  textDecoration: 'none',
});

export const categoryFrame = style({
  position: 'relative',
  aspectRatio: '1 / 1',
  overflow: 'hidden',
  borderRadius: '50%',
  background: vars.color.surfaceMuted,
});

export const categoryImage = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  transition: `transform 600ms ${vars.motion.easing}`,
  selectors: { [`${category}:hover &`]: { transform: 'scale(1.05)' } },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

export const categoryName = style({
  textAlign: 'center',
  fontWeight: vars.font.weightSemibold,
  selectors: { [`${category}:hover &`]: { color: vars.color.accent } },
});

export const news = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.l,
  background: vars.color.surface,
  boxShadow: vars.shadow.s,
});

export const newsImage = style({
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});
export const newsBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: vars.space.m,
});
export const newsDate = style({ fontSize: vars.font.sizeXs, color: vars.color.mutedText });
export const newsTitle = style({ fontSize: vars.font.sizeM, lineHeight: vars.font.lineSnug });
export const newsLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.accent },
    '&::after': { content: '""', position: 'absolute', inset: 0 },
  },
});
export const newsExcerpt = style({
  fontSize: vars.font.sizeS,
  color: vars.color.mutedText,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
