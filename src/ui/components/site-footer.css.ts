import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const footer = style({
  marginTop: vars.space.xxl,
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  fontSize: vars.font.sizeS,
  // Always below the first screen: the browser skips its layout and paint until it nears the viewport
  // (a slow phone spends less of the first render on it; docs/performance.md). The intrinsic size keeps
  // the scrollbar honest until then.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 720px',
});

export const desktop = style({ '@media': { [media.upToMobile]: { display: 'none' } } });
export const compact = style({ display: 'none', '@media': { [media.upToMobile]: { display: 'block' } } });

export const inner = style({
  maxWidth: vars.size.container,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.l} ${vars.space.l}`,
  '@media': { [media.upToMobile]: { padding: `${vars.space.xl} ${vars.space.m} ${vars.space.l}` } },
});

export const columns = style({
  display: 'grid',
  gridTemplateColumns: '1.4fr repeat(3, 1fr)',
  gap: vars.space.xl,
  '@media': { [media.upToTablet]: { gridTemplateColumns: 'repeat(2, 1fr)' } },
});

export const about = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
  maxWidth: '340px',
});

export const muted = style({ color: vars.color.inverseMuted });

export const columnTitle = style({
  marginBottom: vars.space.m,
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightBold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.accentOnDark,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  color: vars.color.inverseText,
  textDecoration: 'none',
  opacity: 0.85,
  selectors: { '&:hover': { opacity: 1, textDecoration: 'underline' } },
});

export const phone = style({
  color: vars.color.inverseText,
  fontSize: vars.font.sizeL,
  fontWeight: vars.font.weightBold,
  textDecoration: 'none',
});

export const socials = style({ display: 'flex', gap: vars.space.s });

export const social = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.size.controlSmall,
  height: vars.size.controlSmall,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.inverseBorder}`,
  color: vars.color.inverseText,
  fontSize: vars.font.sizeXs,
  fontWeight: vars.font.weightBold,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.inverseHover } },
});

export const bottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.m,
  marginTop: vars.space.xl,
  paddingTop: vars.space.l,
  borderTop: `1px solid ${vars.color.inverseBorder}`,
});

export const legal = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.s} ${vars.space.l}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.upToMobile]: { flexDirection: 'column' } },
});

export const compactBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.l });

export const address = style({ fontStyle: 'normal' });
