import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/theme.css';

/** Styles of the catalogue screens of the back office (products, categories, promo, news, content). */

export const thumb = style({
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.s,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
  display: 'block',
});

export const thumbEmpty = style([
  thumb,
  { display: 'grid', placeItems: 'center', color: vars.color.mutedText, fontSize: vars.font.sizeXs },
]);

export const productCell = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: '220px',
});
export const productName = style({
  fontWeight: vars.font.weightSemibold,
  color: vars.color.text,
  textDecoration: 'none',
});
export const productSku = style({ fontSize: vars.font.sizeXs, color: vars.color.mutedText });

export const filterGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: vars.space.sm,
  alignItems: 'end',
  marginBottom: vars.space.m,
});

export const filterWide = style({ gridColumn: 'span 2' });

export const gridPanel = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  padding: vars.space.m,
  marginBottom: vars.space.m,
  boxShadow: vars.shadow.s,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const gridInput = style({
  width: '100%',
  minWidth: '96px',
  padding: `${vars.space.xs} ${vars.space.s}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});

export const gridInputChanged = style({
  background: vars.color.warningSoft,
  borderColor: vars.color.warning,
});

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, alignItems: 'center' });
export const toolbarSpacer = style({ marginLeft: 'auto' });

export const formLayout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 340px',
  gap: vars.space.l,
  alignItems: 'start',
  '@media': { [media.upToTablet]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const formColumn = style({ display: 'flex', flexDirection: 'column', gap: vars.space.l, minWidth: 0 });

export const fieldGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.m,
});

export const fieldWide = style({ gridColumn: '1 / -1' });

export const saveBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.s,
  padding: `${vars.space.sm} ${vars.space.m}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  boxShadow: vars.shadow.m,
});

export const saveState = style({
  marginRight: 'auto',
  fontSize: vars.font.sizeS,
  color: vars.color.mutedText,
});

export const serp = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  padding: vars.space.m,
  background: vars.color.surface,
  fontFamily: 'Arial, sans-serif',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
export const serpUrl = style({
  color: vars.color.success,
  fontSize: vars.font.sizeS,
  overflowWrap: 'anywhere',
});
export const serpTitle = style({
  color: vars.color.info,
  fontSize: vars.font.sizeL,
  lineHeight: vars.font.lineSnug,
});
export const serpText = style({
  color: vars.color.text,
  fontSize: vars.font.sizeS,
  lineHeight: vars.font.lineBody,
});

export const counter = styleVariants({
  ok: { fontSize: vars.font.sizeXs, color: vars.color.mutedText, fontVariantNumeric: 'tabular-nums' },
  over: { fontSize: vars.font.sizeXs, color: vars.color.danger, fontWeight: vars.font.weightBold },
});

export const checks = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
});
export const check = styleVariants({
  blocker: { display: 'flex', gap: vars.space.s, alignItems: 'flex-start', color: vars.color.danger },
  warning: { display: 'flex', gap: vars.space.s, alignItems: 'flex-start', color: vars.color.warning },
  ok: { display: 'flex', gap: vars.space.s, alignItems: 'flex-start', color: vars.color.success },
});
export const checkText = style({
  display: 'flex',
  flexDirection: 'column',
  color: vars.color.text,
  fontSize: vars.font.sizeS,
});

export const images = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
  gap: vars.space.sm,
});

export const imageTile = style({
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  padding: vars.space.xs,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  touchAction: 'none',
});

export const imageTileDragging = style({ boxShadow: vars.shadow.l, zIndex: 2, opacity: 0.9 });

export const imagePicture = style({
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.s,
  background: vars.color.surfaceMuted,
  cursor: 'grab',
});

export const imageMain = style({
  position: 'absolute',
  top: vars.space.s,
  left: vars.space.s,
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  fontSize: vars.font.sizeXs,
  padding: `${vars.space.xxs} ${vars.space.s}`,
  borderRadius: vars.radius.pill,
});

export const dropZone = style({
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.m,
  padding: vars.space.l,
  textAlign: 'center',
  color: vars.color.mutedText,
  background: vars.color.background,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.s,
});

export const dropZoneActive = style({ borderColor: vars.color.accent, background: vars.color.accentSoft });

export const editor = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.s,
  background: vars.color.surface,
  overflow: 'hidden',
});

export const editorToolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.background,
});

export const editorButton = style({
  minWidth: '34px',
  height: '32px',
  padding: `0 ${vars.space.s}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.s,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeS,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-pressed="true"]': { background: vars.color.accentSoft, borderColor: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
  },
});

export const editorContent = style({
  minHeight: '180px',
  padding: vars.space.m,
  lineHeight: vars.font.lineBody,
  selectors: { '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' } },
});

export const tree = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  vars: { '--tree-indent': '28px' },
  '@media': { [media.upToMobile]: { vars: { '--tree-indent': '10px' } } },
});

export const treeRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  padding: `${vars.space.xs} ${vars.space.s}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  background: vars.color.surface,
  minHeight: '44px',
});

export const treeRowInactive = style({ background: vars.color.surfaceMuted, color: vars.color.mutedText });
export const treeRowOver = style({ borderColor: vars.color.accent, background: vars.color.accentSoft });
export const treeRowDragging = style({ opacity: 0.4 });

export const treeHandle = style({
  cursor: 'grab',
  border: 'none',
  background: 'transparent',
  padding: vars.space.xs,
  color: vars.color.mutedText,
  display: 'grid',
  placeItems: 'center',
  touchAction: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});

export const treeName = style({
  fontWeight: vars.font.weightSemibold,
  marginRight: 'auto',
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const treePath = style({ fontSize: vars.font.sizeXs, color: vars.color.mutedText });

export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginBottom: vars.space.m,
});

export const previewHtml = style({
  lineHeight: vars.font.lineBody,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  padding: vars.space.m,
  background: vars.color.surface,
});

export const statsGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
});
export const statValue = style({
  fontSize: vars.font.sizeL,
  fontWeight: vars.font.weightBold,
  fontVariantNumeric: 'tabular-nums',
});

// Rich text in the editor and in previews: paragraphs, headings and lists spaced like the storefront's prose.
for (const scope of [editorContent, previewHtml]) {
  globalStyle(`${scope} p, ${scope} ul, ${scope} ol, ${scope} blockquote`, {
    margin: `0 0 ${vars.space.sm}`,
  });
  globalStyle(`${scope} h2, ${scope} h3`, {
    margin: `${vars.space.m} 0 ${vars.space.s}`,
    lineHeight: vars.font.lineSnug,
  });
  globalStyle(`${scope} blockquote`, {
    paddingLeft: vars.space.m,
    borderLeft: `3px solid ${vars.color.border}`,
  });
  globalStyle(`${scope} a`, { color: vars.color.accent });
  globalStyle(`${scope} > :last-child`, { marginBottom: 0 });
}
globalStyle(`${editorContent} .ProseMirror`, { outline: 'none', minHeight: '160px' });

// Handles, switches and buttons of a tree row keep their size; only the name wraps.
globalStyle(`${treeRow} > *`, { flexShrink: 0 });
globalStyle(`${treeRow} > ${treeName}`, { flexShrink: 1, flexGrow: 1 });
