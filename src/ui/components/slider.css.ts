import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.l });

export const head = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.m,
});

export const title = style({
  fontSize: vars.font.sizeXl,
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeL } },
});

export const controls = style({ display: 'flex', alignItems: 'center', gap: vars.space.s });

export const arrows = style({
  display: 'flex',
  gap: vars.space.xs,
  '@media': { [media.upToMobile]: { display: 'none' } },
});

export const viewAll = style({
  color: vars.color.accent,
  fontWeight: vars.font.weightSemibold,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const track = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'calc((100% - 3 * 24px) / 4)',
  gap: vars.space.l,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.m}`,
  listStyle: 'none',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'thin',
  scrollPaddingInline: vars.space.xs,
  '@media': {
    [media.upToNarrowDesktop]: { gridAutoColumns: 'calc((100% - 2 * 24px) / 3)' },
    [media.upToMobile]: { gridAutoColumns: '72%', gap: vars.space.sm },
    [media.reducedMotion]: { scrollBehavior: 'auto' },
  },
});

export const slide = style({ scrollSnapAlign: 'start', minWidth: 0 });

export const status = style({
  padding: `${vars.space.xl} ${vars.space.l}`,
  borderRadius: vars.radius.l,
  background: vars.color.surfaceMuted,
  color: vars.color.mutedText,
  textAlign: 'center',
});

export const skeletonRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.l,
  '@media': {
    [media.upToNarrowDesktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.upToMobile]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

const shimmer = keyframes({ from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '0 0' } });

export const skeleton = style({
  aspectRatio: '4 / 5',
  borderRadius: vars.radius.l,
  background: `linear-gradient(100deg, ${vars.color.surfaceMuted} 30%, ${vars.color.surface} 50%, ${vars.color.surfaceMuted} 70%)`,
  backgroundSize: '300% 100%',
  animation: `${shimmer} 1.4s linear infinite`,
  '@media': {
    [media.reducedMotion]: { animation: 'none' },
    // One row of placeholders at every width: as many as the grid has columns.
    [media.upToNarrowDesktop]: { selectors: { '&:nth-child(n + 4)': { display: 'none' } } },
    [media.upToMobile]: { selectors: { '&:nth-child(n + 3)': { display: 'none' } } },
  },
});
