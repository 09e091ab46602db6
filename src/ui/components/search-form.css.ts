import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const wrapper = style({ display: 'block', width: '100%', minWidth: 0 });

export const form = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minWidth: 0,
  height: vars.size.control,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.background,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&:focus-within': {
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.infoSoft}`,
      background: vars.color.surface,
    },
  },
});

export const input = style({
  flexGrow: 1,
  minWidth: 0,
  height: '100%',
  padding: `0 ${vars.space.s} 0 ${vars.space.ml}`,
  border: 0,
  background: 'transparent',
  fontSize: vars.font.sizeM,
  selectors: {
    '&:focus-visible': { outline: 'none' },
    '&::placeholder': { color: vars.color.mutedText },
    '&::-webkit-search-cancel-button': { display: 'none' },
  },
});

export const submit = style({ marginRight: vars.space.xxs });

/** The suggestions popup under the field (tracker issue 13). */
export const popup = style({
  position: 'absolute',
  top: `calc(100% + ${vars.space.xs})`,
  left: 0,
  right: 0,
  zIndex: vars.zIndex.dropdown,
  maxHeight: '70vh',
  overflowY: 'auto',
  padding: `${vars.space.xs} 0`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  boxShadow: vars.shadow.l,
});

export const listbox = style({ margin: 0, padding: 0, listStyle: 'none' });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.control,
  padding: `${vars.space.xs} ${vars.space.m}`,
  cursor: 'pointer',
  color: vars.color.text,
  fontSize: vars.font.sizeS,
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.accentSoft },
  },
});

export const thumb = style({
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.s,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});

export const optionName = style({ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' });

export const optionMeta = style({ flexShrink: 0, color: vars.color.mutedText, fontSize: vars.font.sizeXs });

export const optionPrice = style({ flexShrink: 0, fontWeight: vars.font.weightSemibold });

export const note = style({
  padding: `${vars.space.s} ${vars.space.m}`,
  color: vars.color.mutedText,
  fontSize: vars.font.sizeS,
});
