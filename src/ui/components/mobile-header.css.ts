import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const header = style({
  display: 'none',
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.upToMobile]: { display: 'block' } },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.s} ${vars.space.s}`,
});

export const logo = style({ flexGrow: 1, minWidth: 0 });

export const searchRow = style({ padding: `0 ${vars.space.m} ${vars.space.s}` });

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });

export const menu = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
});

export const menuBackdrop = style({
  position: 'absolute',
  inset: 0,
  background: vars.color.overlay,
  border: 0,
});

export const menuPanel = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.l,
  width: 'min(86vw, 360px)',
  height: '100%',
  overflowY: 'auto',
  padding: vars.space.l,
  background: vars.color.surface,
  boxShadow: vars.shadow.l,
  animation: `${slideIn} ${vars.motion.medium} ${vars.motion.easing}`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const menuHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

export const menuLinks = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderTop: `1px solid ${vars.color.border}`,
});

export const menuLink = style({
  display: 'block',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: vars.font.sizeM,
  fontWeight: vars.font.weightMedium,
  textDecoration: 'none',
});

export const menuContacts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  color: vars.color.mutedText,
  fontSize: vars.font.sizeS,
});

export const menuPhone = style({
  color: vars.color.text,
  fontSize: vars.font.sizeL,
  fontWeight: vars.font.weightBold,
  textDecoration: 'none',
});
