import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';
import * as logoStyles from './logo.css';

export const header = style({
  display: 'none',
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.upToMobile]: { display: 'block' } },
});

/**
 * Burger, logo and three icons in one row down to 320 px. The four 44 px touch targets take 176 px;
 * they sit edge to edge (each icon already has 11 px of empty target around it), so at 320 px the
 * logo keeps 136 px.
 */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: 0,
  padding: `${vars.space.s} ${vars.space.xs}`,
});

/** The logo's slot: takes the rest of the row and may shrink below the logo's natural width. */
export const logo = style({ display: 'flex', flexGrow: 1, minWidth: 0 });

// The header's logo scales with the viewport: at 320 px a 28 px mark and the name at 16 px (about
// 97 px in Manrope Bold, 131 px in all), from about 435 px the full 36 px mark and 20 px name. So it
// never runs into the icons; should a fallback font be wider still, the name is cut with an
// ellipsis instead of overlapping them.
globalStyle(`${logo} ${logoStyles.logo}`, {
  minWidth: 0,
  flexShrink: 1,
  gap: `clamp(${vars.space.xs}, 2vw, ${vars.space.s})`,
});

globalStyle(`${logo} ${logoStyles.mark}`, {
  width: 'clamp(28px, 8.5vw, 36px)',
  height: 'clamp(28px, 8.5vw, 36px)',
});

globalStyle(`${logo} ${logoStyles.word}`, {
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  fontSize: `clamp(${vars.font.sizeM}, 4.6vw, ${vars.font.sizeL})`,
});

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
