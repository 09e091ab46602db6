import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const banner = style({
  position: 'fixed',
  top: '128px',
  left: '50%',
  zIndex: vars.zIndex.banner,
  width: 'min(420px, calc(100vw - 32px))',
  transform: 'translateX(-50%)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
  padding: vars.space.l,
  borderRadius: vars.radius.l,
  background: vars.color.surface,
  boxShadow: vars.shadow.l,
  '@media': { [media.upToMobile]: { top: 'auto', bottom: vars.space.m } },
});

export const text = style({ fontSize: vars.font.sizeM, fontWeight: vars.font.weightMedium });
export const actions = style({ display: 'flex', gap: vars.space.s });
