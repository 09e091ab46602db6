import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: vars.space.m,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
});

export const heading = style({ fontSize: vars.font.sizeL, margin: 0 });

export const statements = style({ margin: 0, paddingLeft: vars.space.l });

export const refused = style({ color: vars.color.sale });

export const outcome = style({ fontWeight: 600 });
