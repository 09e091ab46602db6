import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.l,
  padding: vars.space.l,
  borderRadius: vars.radius.l,
  background: vars.color.surface,
  boxShadow: vars.shadow.s,
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.s,
  fontWeight: vars.font.weightSemibold,
  fontSize: vars.font.sizeS,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.mutedText,
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  minHeight: '32px',
  fontSize: vars.font.sizeS,
  cursor: 'pointer',
});

export const checkbox = style({
  width: '18px',
  height: '18px',
  margin: 0,
  accentColor: vars.color.accent,
  flexShrink: 0,
});

export const optionCount = style({
  marginLeft: 'auto',
  color: vars.color.mutedText,
  fontSize: vars.font.sizeXs,
});

export const rangeRow = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.s });

export const rangeLabel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  fontSize: vars.font.sizeXs,
  color: vars.color.mutedText,
});

export const input = style({
  width: '100%',
  height: vars.size.controlSmall,
  padding: `0 ${vars.space.s}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  background: vars.color.background,
  fontSize: vars.font.sizeS,
  color: vars.color.text,
  selectors: { '&:focus-visible': { borderColor: vars.color.accent } },
});

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });
