import { keyframes, style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './theme.css';

/** Hidden on screen, still read by assistive technology (labels of icon-only fields, price prefixes). */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** The page's centred content column. */
export const container = style({
  width: '100%',
  maxWidth: vars.size.container,
  marginInline: 'auto',
  paddingInline: vars.space.l,
  '@media': { [media.upToMobile]: { paddingInline: vars.space.m } },
});

/** Skip link: the first focusable element of every page, visible only when focused. */
export const skipLink = style({
  position: 'absolute',
  top: vars.space.s,
  left: vars.space.s,
  zIndex: vars.zIndex.toast,
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.m,
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  transform: 'translateY(-200%)',
  selectors: { '&:focus-visible': { transform: 'none' } },
});

const placeholderPulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

/**
 * One grey block of a page drawn before its content (the product page's skeleton, the cart's frame):
 * pulsing gently, still for visitors who asked for reduced motion. Sizes come from the page's own classes.
 */
export const placeholderBlock = style({
  display: 'block',
  borderRadius: vars.radius.s,
  background: vars.color.surfaceMuted,
  animation: `${placeholderPulse} 1.6s ease-in-out infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});
