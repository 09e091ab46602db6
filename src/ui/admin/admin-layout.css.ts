import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

/** The sidebar's width on desktops; the drawer on phones is as wide, capped by the screen. */
const SIDEBAR_WIDTH = '256px';

export const shell = style({
  display: 'grid',
  gridTemplateColumns: `${SIDEBAR_WIDTH} minmax(0, 1fr)`,
  minHeight: '100vh',
  background: vars.color.background,
  '@media': { [media.upToMobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const sidebar = style({
  position: 'sticky',
  top: 0,
  height: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  '@media': { [media.upToMobile]: { display: 'none' } },
});

export const drawerBackdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.overlay,
  display: 'none',
  '@media': { [media.upToMobile]: { display: 'block' } },
});

export const drawer = style({
  position: 'fixed',
  insetBlock: 0,
  left: 0,
  zIndex: vars.zIndex.modal,
  width: `min(${SIDEBAR_WIDTH}, 86vw)`,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  boxShadow: vars.shadow.l,
  overflowY: 'auto',
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.l} ${vars.space.l} ${vars.space.m}`,
  color: vars.color.inverseText,
  textDecoration: 'none',
});

export const brandMark = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.m,
  background: vars.color.accent,
  color: vars.color.accentText,
  flexShrink: 0,
});

export const brandText = style({ display: 'flex', flexDirection: 'column', lineHeight: vars.font.lineSnug });
export const brandName = style({ fontWeight: vars.font.weightBold, fontSize: vars.font.sizeM });
export const brandCaption = style({ fontSize: vars.font.sizeXs, color: vars.color.inverseMuted });

export const nav = style({
  flex: 1,
  overflowY: 'auto',
  padding: `${vars.space.s} ${vars.space.sm}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const groupCaption = style({
  margin: `${vars.space.m} ${vars.space.sm} ${vars.space.xs}`,
  fontSize: vars.font.sizeXs,
  fontWeight: vars.font.weightSemibold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.inverseMuted,
});

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.controlSmall,
  padding: `${vars.space.s} ${vars.space.sm}`,
  borderRadius: vars.radius.m,
  color: vars.color.inverseText,
  textDecoration: 'none',
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightMedium,
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { background: vars.color.inverseHover },
    '&[aria-current="page"]': { background: vars.color.inverseHover, color: vars.color.accentOnDark },
  },
});

export const navLabel = style({ flex: 1 });

export const navBadge = style({
  minWidth: '22px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentOnDark,
  color: vars.color.inverseSurface,
  fontSize: vars.font.sizeXs,
  fontWeight: vars.font.weightBold,
  lineHeight: '20px',
  textAlign: 'center',
});

export const account = style({
  borderTop: `1px solid ${vars.color.inverseBorder}`,
  padding: vars.space.m,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
});

export const accountName = style({
  fontSize: vars.font.sizeS,
  color: vars.color.inverseMuted,
  overflowWrap: 'anywhere',
});

export const accountRow = style({ display: 'flex', gap: vars.space.s, flexWrap: 'wrap' });

export const accountButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.controlSmall,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.m,
  border: `1px solid ${vars.color.inverseBorder}`,
  background: 'transparent',
  color: vars.color.inverseText,
  fontSize: vars.font.sizeS,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.inverseHover } },
});

export const topBar = style({
  display: 'none',
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  alignItems: 'center',
  gap: vars.space.s,
  minHeight: '56px',
  padding: `${vars.space.xs} ${vars.space.s}`,
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  '@media': { [media.upToMobile]: { display: 'flex' } },
});

export const topBarButton = style({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  width: vars.size.control,
  height: vars.size.control,
  border: 0,
  borderRadius: vars.radius.m,
  background: 'transparent',
  color: vars.color.inverseText,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.inverseHover } },
});

export const topBarDot = style({
  position: 'absolute',
  top: '6px',
  right: '4px',
  minWidth: '18px',
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentOnDark,
  color: vars.color.inverseSurface,
  fontSize: '11px',
  fontWeight: vars.font.weightBold,
  lineHeight: '18px',
});

export const topBarTitle = style({
  flex: 1,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeM,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const main = style({
  minWidth: 0,
  padding: `${vars.space.l} ${vars.space.xl} ${vars.space.xxl}`,
  outline: 'none',
  '@media': {
    [media.upToTablet]: { paddingInline: vars.space.l },
    [media.upToMobile]: { padding: `${vars.space.m} ${vars.space.m} ${vars.space.xl}` },
  },
});

export const mainInner = style({ maxWidth: '1400px', marginInline: 'auto' });

export const loginShell = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.m,
  background: `linear-gradient(160deg, ${vars.color.surfaceMuted}, ${vars.color.background})`,
});

export const loginCard = style({ width: '100%', maxWidth: '440px' });

export const loginBrand = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.l,
});

export const loginCaption = style({ fontSize: vars.font.sizeXs, color: vars.color.mutedText });

globalStyle(`${navLink} svg`, { flexShrink: 0, opacity: 0.9 });
