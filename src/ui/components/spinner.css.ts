import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  width: '32px',
  height: '32px',
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.accent,
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
  '@media': { [media.reducedMotion]: { animationDuration: '2.4s' } },
});

export const screen = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.m,
  minHeight: '50vh',
  padding: vars.space.xl,
  color: vars.color.mutedText,
  textAlign: 'center',
});

export const fullScreen = style({ minHeight: '100vh' });
