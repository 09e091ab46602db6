import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontSize: vars.font.sizeS, fontWeight: vars.font.weightSemibold });
export const required = style({ color: vars.color.sale, marginLeft: vars.space.xxs });

export const control = style({
  width: '100%',
  minHeight: vars.size.control,
  padding: `${vars.space.s} ${vars.space.m}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  fontSize: vars.font.sizeM,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.mutedText, opacity: 0.8 },
    '&:hover': { borderColor: vars.color.text },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.infoSoft}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
  },
});

export const textarea = style({ minHeight: '120px', resize: 'vertical', lineHeight: vars.font.lineBody });

export const meta = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.s,
  fontSize: vars.font.sizeXs,
  color: vars.color.mutedText,
});

export const hint = style({ fontSize: vars.font.sizeXs, color: vars.color.mutedText });
export const counter = style({ marginLeft: 'auto', fontVariantNumeric: 'tabular-nums' });
export const counterOver = style({ color: vars.color.danger, fontWeight: vars.font.weightBold });

export const error = style({ fontSize: vars.font.sizeS, color: vars.color.danger });

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.s,
  fontSize: vars.font.sizeS,
  cursor: 'pointer',
});

export const checkbox = style({
  flexShrink: 0,
  width: '20px',
  height: '20px',
  margin: '1px 0 0',
  accentColor: vars.color.accent,
  cursor: 'pointer',
});

/** A checkbox's hint after its label (a service's price): never wrapped inside the amount. */
export const checkboxHint = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const fileBox = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.m,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.m,
  background: vars.color.background,
  selectors: {
    '&:focus-within': { borderColor: vars.color.focus, boxShadow: `0 0 0 3px ${vars.color.infoSoft}` },
  },
});

export const fileInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  opacity: 0,
  cursor: 'pointer',
});

export const fileName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.font.sizeS,
});
