import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const riseIn = keyframes({
  from: { opacity: 0, transform: 'translateY(16px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});
const sinkOut = keyframes({
  from: { opacity: 1, transform: 'none' },
  to: { opacity: 0, transform: 'translateY(16px) scale(0.98)' },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.m,
  background: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.medium} ${vars.motion.easing}`,
  '@media': {
    [media.upToMobile]: { alignItems: 'flex-end', padding: 0 },
    [media.reducedMotion]: { animation: 'none' },
  },
});

/** The 260 ms close animation (spec §9); the machine unmounts the modal when it ends. */
export const backdropClosing = style({
  animation: `${fadeOut} ${vars.motion.medium} ${vars.motion.easing} forwards`,
  '@media': { [media.reducedMotion]: { animation: 'none', opacity: 0 } },
});

export const dialog = style({
  position: 'relative',
  zIndex: vars.zIndex.modal,
  width: '100%',
  maxWidth: '560px',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  boxShadow: vars.shadow.l,
  animation: `${riseIn} ${vars.motion.medium} ${vars.motion.easing}`,
  selectors: { '&:focus': { outline: 'none' } },
  '@media': {
    [media.upToMobile]: {
      maxWidth: 'none',
      maxHeight: '92vh',
      padding: `${vars.space.l} ${vars.space.m}`,
      borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
    },
    [media.reducedMotion]: { animation: 'none' },
  },
});

export const dialogClosing = style({
  animation: `${sinkOut} ${vars.motion.medium} ${vars.motion.easing} forwards`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const head = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.m,
  marginBottom: vars.space.l,
});

export const title = style({ fontSize: vars.font.sizeXl });

export const close = style({
  marginTop: `calc(-1 * ${vars.space.s})`,
  marginRight: `calc(-1 * ${vars.space.s})`,
});
