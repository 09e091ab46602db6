import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const panel = style({
  width: '360px',
  maxWidth: 'calc(100vw - 32px)',
  padding: vars.space.m,
  borderRadius: vars.radius.l,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.l,
});

export const title = style({ marginBottom: vars.space.sm, fontSize: vars.font.sizeM });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: '56px 1fr auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const thumb = style({
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.m,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});

export const info = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const name = style({
  color: vars.color.text,
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightMedium,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.accent } },
});

export const price = style({ fontSize: vars.font.sizeS, fontWeight: vars.font.weightBold });
export const priceMissing = style({ fontSize: vars.font.sizeXs, color: vars.color.mutedText });

export const quantity = style({ display: 'flex', alignItems: 'center', gap: vars.space.xxs });
export const quantityValue = style({
  minWidth: '24px',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
});

export const more = style({
  padding: `${vars.space.s} 0`,
  color: vars.color.mutedText,
  fontSize: vars.font.sizeS,
});

export const total = style({
  display: 'flex',
  justifyContent: 'space-between',
  padding: `${vars.space.sm} 0`,
  fontWeight: vars.font.weightBold,
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  marginTop: vars.space.s,
});

export const empty = style({
  padding: `${vars.space.m} 0`,
  color: vars.color.mutedText,
  textAlign: 'center',
});
