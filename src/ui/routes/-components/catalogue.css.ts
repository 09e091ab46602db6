import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/theme.css';

/** Shared page furniture of the catalogue and content routes. */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.l,
  paddingBlock: `${vars.space.l} ${vars.space.xxl}`,
  '@media': { [media.upToMobile]: { gap: vars.space.m, paddingBlock: `${vars.space.m} ${vars.space.xl}` } },
});

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });

export const title = style({
  fontSize: vars.font.sizeXxl,
  letterSpacing: '-0.02em',
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeXl } },
});

export const lead = style({ color: vars.color.mutedText, maxWidth: vars.size.text });

export const count = style({ color: vars.color.mutedText, fontSize: vars.font.sizeS });

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    // One row that scrolls sideways on phones, as shoppers expect there; its height also no longer
    // depends on how wide the words are, so the late web font cannot move the page (CLS).
    [media.upToMobile]: {
      flexWrap: 'nowrap',
      overflowX: 'auto',
      scrollbarWidth: 'none',
      // Room for the focus ring, which the scrolling box would otherwise clip.
      padding: '3px',
      margin: '-3px',
    },
  },
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.controlSmall,
  padding: `0 ${vars.space.m}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeS,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: `background ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast}`,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, background: vars.color.surfaceMuted },
    '&[aria-current="page"]': {
      background: vars.color.inverseSurface,
      color: vars.color.inverseText,
      borderColor: vars.color.inverseSurface,
    },
  },
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });

export const sectionTitle = style({
  fontSize: vars.font.sizeL,
  '@media': { [media.aboveMobile]: { fontSize: vars.font.sizeXl } },
});

/** Server HTML (SEO texts, static pages, articles): readable measure and spacing. */
export const prose = style({
  maxWidth: vars.size.text,
  color: vars.color.text,
  lineHeight: vars.font.lineBody,
});

export const seo = style([
  prose,
  {
    maxWidth: 'none',
    padding: vars.space.l,
    borderRadius: vars.radius.l,
    background: vars.color.surface,
    color: vars.color.mutedText,
    fontSize: vars.font.sizeS,
  },
]);

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.l,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.upToTablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.upToMobile]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.sm },
  },
});

export const newsGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.l,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.upToTablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.upToMobile]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const articleImage = style({
  width: '100%',
  maxWidth: vars.size.text,
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: vars.radius.l,
});
