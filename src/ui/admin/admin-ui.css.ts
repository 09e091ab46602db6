import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

// ── Cards and layout ────────────────────────────────────────────────────────────────────────────

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.l,
  boxShadow: vars.shadow.s,
  padding: vars.space.l,
  minWidth: 0,
  '@media': { [media.upToMobile]: { padding: vars.space.m, borderRadius: vars.radius.m } },
});

export const cardTitle = style({
  fontSize: vars.font.sizeM,
  fontWeight: vars.font.weightBold,
  marginBottom: vars.space.m,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.s,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });
export const stackSmall = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.s });
export const rowBetween = style([row, { justifyContent: 'space-between' }]);
export const nowrapRow = style({ flexWrap: 'nowrap' });

export const twoColumns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1fr)',
  gap: vars.space.l,
  alignItems: 'start',
  '@media': { [media.upToTablet]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: vars.space.m,
});

export const muted = style({ color: vars.color.mutedText, fontSize: vars.font.sizeS });

/** Two lines at most (an excerpt in a list), the rest behind an ellipsis. */
export const clamp = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  maxWidth: '520px',
});
export const strong = style({ fontWeight: vars.font.weightSemibold });
export const mono = style({ fontVariantNumeric: 'tabular-nums' });
export const danger = style({ color: vars.color.danger });

export const link = style({
  color: vars.color.accent,
  fontWeight: vars.font.weightSemibold,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const definitionList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: 0,
  fontSize: vars.font.sizeS,
});
globalStyle(`${definitionList} dt`, { color: vars.color.mutedText });
globalStyle(`${definitionList} dd`, { margin: 0, overflowWrap: 'anywhere' });

// ── Badges ──────────────────────────────────────────────────────────────────────────────────────

export const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.s}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.font.sizeXs,
  fontWeight: vars.font.weightSemibold,
  lineHeight: vars.font.lineSnug,
  whiteSpace: 'nowrap',
});

export type BadgeTone = 'neutral' | 'info' | 'accent' | 'success' | 'warning' | 'danger' | 'muted';

export const badgeTone = styleVariants({
  neutral: { background: vars.color.surfaceMuted, color: vars.color.text },
  info: { background: vars.color.infoSoft, color: vars.color.info },
  accent: { background: vars.color.accentSoft, color: vars.color.accentHover },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.saleSoft, color: vars.color.danger },
  muted: { background: vars.color.surfaceSunken, color: vars.color.mutedText },
} satisfies Record<BadgeTone, object>);

export const dot = style({
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  flexShrink: 0,
});

// ── Fields ──────────────────────────────────────────────────────────────────────────────────────

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const fieldLabel = style({ fontSize: vars.font.sizeS, fontWeight: vars.font.weightSemibold });
export const fieldHint = style({ fontSize: vars.font.sizeXs, color: vars.color.mutedText });
export const fieldError = style({ fontSize: vars.font.sizeS, color: vars.color.danger });

export const control = style({
  width: '100%',
  minHeight: vars.size.controlSmall,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  fontSize: vars.font.sizeS,
  selectors: {
    '&:hover': { borderColor: vars.color.text },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.infoSoft}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled, &[readonly]': { background: vars.color.surfaceMuted },
  },
  '@media': { [media.upToMobile]: { minHeight: vars.size.control, fontSize: vars.font.sizeM } },
});

export const textarea = style([
  control,
  { minHeight: '96px', resize: 'vertical', lineHeight: vars.font.lineBody },
]);

export const checkboxLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s,
  fontSize: vars.font.sizeS,
  cursor: 'pointer',
});

export const checkbox = style({ width: '18px', height: '18px', accentColor: vars.color.accent, margin: 0 });

// ── Filter bar ──────────────────────────────────────────────────────────────────────────────────

export const filterBar = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
  gap: vars.space.sm,
  alignItems: 'end',
  padding: vars.space.m,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.l,
  marginBottom: vars.space.m,
});

/** Filter fields beyond the search: on phones they wait behind «Фильтры» until opened. */
export const filterMore = style({
  display: 'contents',
  '@media': { [media.upToMobile]: { selectors: { '[data-expanded="false"] > &': { display: 'none' } } } },
});

export const filterToggle = style({
  display: 'none',
  '@media': { [media.upToMobile]: { display: 'inline-flex' } },
});

export const filterSearch = style({
  gridColumn: 'span 2',
  '@media': { [media.upToMobile]: { gridColumn: 'auto' } },
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  marginBottom: vars.space.m,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.controlSmall,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightMedium,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&[aria-current="true"], &[aria-current="page"], &[aria-pressed="true"]': {
      background: vars.color.inverseSurface,
      borderColor: vars.color.inverseSurface,
      color: vars.color.inverseText,
    },
  },
});

export const chipRemove = style({
  border: 0,
  background: 'transparent',
  color: 'inherit',
  padding: 0,
  cursor: 'pointer',
  display: 'inline-grid',
  placeItems: 'center',
});

// ── Table ───────────────────────────────────────────────────────────────────────────────────────

export const tableWrap = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.l,
  overflowX: 'auto',
  boxShadow: vars.shadow.s,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeS });

export const th = style({
  position: 'sticky',
  top: 0,
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.m}`,
  background: vars.color.surfaceMuted,
  color: vars.color.mutedText,
  fontSize: vars.font.sizeXs,
  fontWeight: vars.font.weightSemibold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.upToMobile]: { padding: `${vars.space.s} ${vars.space.s}` } },
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  border: 0,
  background: 'transparent',
  padding: 0,
  font: 'inherit',
  color: 'inherit',
  textTransform: 'inherit',
  letterSpacing: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.text } },
});

export const td = style({
  padding: `${vars.space.sm} ${vars.space.m}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  '@media': { [media.upToMobile]: { padding: `${vars.space.s} ${vars.space.s}` } },
});

export const tr = style({
  selectors: {
    '&:hover': { background: vars.color.background },
    '&[data-selected="true"]': { background: vars.color.accentSoft },
    '&[data-unread="true"]': { fontWeight: vars.font.weightSemibold },
  },
});

export const numeric = style({
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
export const nowrap = style({ whiteSpace: 'nowrap' });
export const selectCell = style({ width: '44px', paddingRight: 0 });

export const hideOnMobile = style({ '@media': { [media.upToMobile]: { display: 'none' } } });

export const tableFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.m,
  marginTop: vars.space.m,
});

// ── Bulk bar ────────────────────────────────────────────────────────────────────────────────────

export const bulkBar = style({
  position: 'sticky',
  bottom: vars.space.m,
  zIndex: vars.zIndex.sticky,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.s,
  marginTop: vars.space.m,
  padding: `${vars.space.sm} ${vars.space.m}`,
  borderRadius: vars.radius.l,
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  boxShadow: vars.shadow.l,
});

export const bulkCount = style({ fontWeight: vars.font.weightBold, marginRight: 'auto' });

// ── States and notices ──────────────────────────────────────────────────────────────────────────

export const notice = styleVariants({
  info: { background: vars.color.infoSoft, color: vars.color.info },
  success: { background: vars.color.successSoft, color: vars.color.success },
  error: { background: vars.color.saleSoft, color: vars.color.danger },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
});

export const noticeBase = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.s,
  padding: `${vars.space.sm} ${vars.space.m}`,
  borderRadius: vars.radius.m,
  fontSize: vars.font.sizeS,
});

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.s,
  padding: `${vars.space.xl} ${vars.space.m}`,
  textAlign: 'center',
  color: vars.color.mutedText,
});

export const emptyTitle = style({
  fontSize: vars.font.sizeM,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
});

// ── Dialog body ─────────────────────────────────────────────────────────────────────────────────

export const dialogList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  maxHeight: '320px',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
});

export const dialogItem = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.s,
  padding: `${vars.space.s} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.font.sizeS,
  selectors: { '&:last-child': { borderBottom: 0 } },
});

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.s,
});

// ── Stat tiles ──────────────────────────────────────────────────────────────────────────────────

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space.m,
  marginBottom: vars.space.l,
  '@media': { [media.upToMobile]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.s } },
});

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.l,
  borderRadius: vars.radius.l,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.s,
  color: vars.color.text,
  textDecoration: 'none',
  transition: `box-shadow ${vars.motion.fast}, transform ${vars.motion.fast}`,
  selectors: { '&:hover': { boxShadow: vars.shadow.m, transform: 'translateY(-1px)' } },
  '@media': { [media.upToMobile]: { padding: vars.space.m } },
});

export const tileValue = style({
  fontSize: vars.font.sizeXxl,
  fontWeight: vars.font.weightBold,
  lineHeight: 1,
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeXl } },
});
export const tileLabel = style({ fontSize: vars.font.sizeS, color: vars.color.mutedText });
export const tileAccent = styleVariants({
  neutral: {},
  warning: { borderLeft: `4px solid ${vars.color.warning}` },
  danger: { borderLeft: `4px solid ${vars.color.danger}` },
  info: { borderLeft: `4px solid ${vars.color.info}` },
  accent: { borderLeft: `4px solid ${vars.color.accent}` },
});

// ── Timeline and thread ─────────────────────────────────────────────────────────────────────────

export const timeline = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const timelineItem = style({
  position: 'relative',
  paddingLeft: vars.space.l,
  paddingBottom: vars.space.m,
  borderLeft: `2px solid ${vars.color.border}`,
  marginLeft: vars.space.xs,
  fontSize: vars.font.sizeS,
  selectors: { '&:last-child': { borderLeftColor: 'transparent' } },
});

export const timelineDot = style({
  position: 'absolute',
  left: '-7px',
  top: '3px',
  width: '12px',
  height: '12px',
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `2px solid ${vars.color.accent}`,
});

export const bubble = styleVariants({
  client: { alignSelf: 'flex-start', background: vars.color.surfaceMuted },
  admin: { alignSelf: 'flex-end', background: vars.color.accentSoft },
});

export const bubbleBase = style({
  maxWidth: 'min(640px, 92%)',
  padding: `${vars.space.sm} ${vars.space.m}`,
  borderRadius: vars.radius.l,
  fontSize: vars.font.sizeS,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const thread = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
