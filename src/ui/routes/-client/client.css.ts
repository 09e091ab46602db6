import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/theme.css';

/** Layout shared by the client screens: cart, checkout, account, access forms, payment. */
export const page = style({
  width: '100%',
  maxWidth: vars.size.container,
  marginInline: 'auto',
  paddingInline: vars.space.l,
  paddingBlock: `${vars.space.l} ${vars.space.xxl}`,
  '@media': { [media.upToMobile]: { paddingInline: vars.space.m, paddingBlock: vars.space.m } },
});

export const narrowPage = style([page, { maxWidth: '520px' }]);

export const title = style({
  fontSize: vars.font.sizeXl,
  marginBottom: vars.space.l,
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeL, marginBottom: vars.space.m } },
});

export const subtitle = style({ fontSize: vars.font.sizeL, marginBottom: vars.space.m });

export const twoColumns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 360px',
  gap: vars.space.l,
  alignItems: 'start',
  '@media': { [media.upToTablet]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.l,
  padding: vars.space.l,
  boxShadow: vars.shadow.s,
  '@media': { [media.upToMobile]: { padding: vars.space.m } },
});

export const stickyCard = style([card, { position: 'sticky', top: vars.space.l }]);

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, alignItems: 'center' });

export const muted = style({ color: vars.color.mutedText, fontSize: vars.font.sizeS });

export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
});

export const legend = style({
  fontSize: vars.font.sizeL,
  fontWeight: vars.font.weightBold,
  marginBottom: vars.space.s,
  padding: 0,
});

export const fieldGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.m,
  '@media': { [media.upToMobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const choiceList = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });

export const choice = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.accentSoft },
  },
});

export const choiceText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const totals = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s, margin: 0 });

export const totalsRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.m });

globalStyle(`${totalsRow} dt`, { color: vars.color.mutedText });
globalStyle(`${totalsRow} dd`, { margin: 0, fontWeight: vars.font.weightSemibold, whiteSpace: 'nowrap' });

export const grandTotal = style([
  totalsRow,
  {
    paddingTop: vars.space.s,
    borderTop: `1px solid ${vars.color.border}`,
    fontSize: vars.font.sizeL,
  },
]);

export const savings = style({ color: vars.color.sale });

export const notice = styleVariants({
  info: { background: vars.color.infoSoft, color: vars.color.info },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  error: { background: vars.color.saleSoft, color: vars.color.danger },
});

globalStyle(`${notice.info}, ${notice.success}, ${notice.warning}, ${notice.error}`, {
  padding: `${vars.space.sm} ${vars.space.m}`,
  borderRadius: vars.radius.m,
  margin: 0,
});

export const link = style({
  color: vars.color.accent,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  selectors: { '&:hover': { color: vars.color.accentHover } },
});

export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space.ml,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
});
