import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

const bannerSizes = ['hero', 'side', 'half'] as const;
export type BannerSize = (typeof bannerSizes)[number];

export const banner = style({
  position: 'relative',
  display: 'flex',
  overflow: 'hidden',
  borderRadius: vars.radius.xl,
  background: vars.color.surfaceMuted,
  isolation: 'isolate',
});

export const size = styleVariants({
  hero: { minHeight: '520px', '@media': { [media.upToMobile]: { minHeight: '440px' } } },
  side: { minHeight: '520px', '@media': { [media.upToTablet]: { minHeight: '360px' } } },
  half: { minHeight: '340px' },
} satisfies Record<BannerSize, object>);

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  zIndex: -2,
});

// The drawings keep their subject on the right (hero, half) or at the bottom (side), under no text.
export const imagePosition = styleVariants({
  hero: { objectPosition: '100% 100%' },
  side: { objectPosition: '60% 100%' },
  half: { objectPosition: '100% 100%' },
} satisfies Record<BannerSize, object>);

export const shade = style({
  position: 'absolute',
  inset: 0,
  zIndex: -1,
  background: `linear-gradient(90deg, ${vars.color.scrim} 0%, ${vars.color.scrim} 25%, ${vars.color.scrimSoft} 50%, ${vars.color.scrimClear} 72%)`,
  '@media': {
    [media.upToMobile]: {
      background: `linear-gradient(180deg, ${vars.color.scrim} 0%, ${vars.color.scrimSoft} 45%, ${vars.color.scrimClear} 75%)`,
    },
  },
});

export const shadeTop = style({
  background: `linear-gradient(180deg, ${vars.color.scrim} 0%, ${vars.color.scrimSoft} 42%, ${vars.color.scrimClear} 70%)`,
});

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.m,
  maxWidth: '520px',
  padding: vars.space.xl,
  '@media': { [media.upToMobile]: { padding: vars.space.l } },
});

export const titleSize = styleVariants({
  hero: {
    fontSize: vars.font.sizeDisplay,
    letterSpacing: '-0.02em',
    '@media': {
      [media.upToNarrowDesktop]: { fontSize: vars.font.sizeXxl },
      [media.upToMobile]: { fontSize: vars.font.sizeXl },
    },
  },
  side: { fontSize: vars.font.sizeXl },
  half: { fontSize: vars.font.sizeXl, '@media': { [media.upToMobile]: { fontSize: vars.font.sizeL } } },
} satisfies Record<BannerSize, object>);

export const text = style({ fontSize: vars.font.sizeM, color: vars.color.mutedText, maxWidth: '420px' });
export const textHero = style({
  fontSize: vars.font.sizeL,
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeM } },
});
export const action = style({ marginTop: vars.space.s });
