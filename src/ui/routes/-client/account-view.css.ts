import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.m,
  flexWrap: 'wrap',
});

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  marginBlock: vars.space.m,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
});

export const tab = style({
  padding: `${vars.space.s} ${vars.space.m}`,
  color: vars.color.mutedText,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': {
      color: vars.color.text,
      borderBottomColor: vars.color.accent,
      fontWeight: vars.font.weightSemibold,
    },
  },
});

export const orders = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
});

export const orderHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.m,
  flexWrap: 'wrap',
});

const badge = {
  padding: `${vars.space.xxs} ${vars.space.s}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightSemibold,
} as const;

export const status = styleVariants({
  new: { ...badge, background: vars.color.infoSoft, color: vars.color.info },
  confirmed: { ...badge, background: vars.color.accentSoft, color: vars.color.accent },
  awaiting_payment: { ...badge, background: vars.color.accentSoft, color: vars.color.accent },
  awaiting_prepayment: { ...badge, background: vars.color.accentSoft, color: vars.color.accent },
  paid: { ...badge, background: vars.color.successSoft, color: vars.color.success },
  prepaid: { ...badge, background: vars.color.successSoft, color: vars.color.success },
  ordered_from_factory: { ...badge, background: vars.color.infoSoft, color: vars.color.info },
  in_stock: { ...badge, background: vars.color.infoSoft, color: vars.color.info },
  delivery_agreed: { ...badge, background: vars.color.infoSoft, color: vars.color.info },
  shipped: { ...badge, background: vars.color.infoSoft, color: vars.color.info },
  delivered: { ...badge, background: vars.color.successSoft, color: vars.color.success },
  completed: { ...badge, background: vars.color.successSoft, color: vars.color.success },
  cancelled: { ...badge, background: vars.color.surfaceMuted, color: vars.color.mutedText },
  claim: { ...badge, background: vars.color.surfaceMuted, color: vars.color.mutedText },
});

export const items = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.m,
  paddingBlock: vars.space.xs,
});

globalStyle(`${item} > span:last-child`, { whiteSpace: 'nowrap' });

/** A manager's note the client may read: set apart from the order lines, line breaks kept. */
export const notes = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.s,
});

export const note = style({
  padding: `${vars.space.s} ${vars.space.m}`,
  background: vars.color.infoSoft,
  borderLeft: `3px solid ${vars.color.info}`,
  borderRadius: vars.radius.s,
});

export const noteHead = style({
  margin: 0,
  color: vars.color.info,
  fontWeight: vars.font.weightSemibold,
});

export const noteText = style({
  margin: 0,
  marginTop: vars.space.xxs,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});
