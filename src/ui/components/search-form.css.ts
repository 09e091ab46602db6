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
