import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const consent = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const link = style({ color: vars.color.accent });
export const note = style({ margin: 0, color: vars.color.mutedText, fontSize: vars.font.sizeS });
