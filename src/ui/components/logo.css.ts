import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s,
  color: vars.color.text,
  textDecoration: 'none',
  flexShrink: 0,
});

export const mark = style({ width: '36px', height: '36px', flexShrink: 0 });

export const markHouse = style({ fill: vars.color.accentOnDark });

export const word = style({
  fontSize: vars.font.sizeL,
  fontWeight: vars.font.weightBold,
  letterSpacing: '-0.01em',
  whiteSpace: 'nowrap',
});

const logoTones = ['dark', 'light'] as const;
export type LogoTone = (typeof logoTones)[number];

export const tone = styleVariants({
  dark: { color: vars.color.text },
  light: { color: vars.color.inverseText },
} satisfies Record<LogoTone, { color: string }>);

export const markBackgroundTone = styleVariants({
  dark: { fill: vars.color.inverseSurface },
  light: { fill: vars.color.accent },
} satisfies Record<LogoTone, { fill: string }>);
