import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const block = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  alignItems: 'center',
  gap: vars.space.xl,
  padding: vars.space.xxl,
  borderRadius: vars.radius.xl,
  background: vars.color.accentSoft,
  '@media': {
    [media.upToTablet]: { gridTemplateColumns: '1fr', padding: vars.space.xl },
    [media.upToMobile]: { padding: `${vars.space.xl} ${vars.space.m}` },
  },
});

export const intro = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const title = style({ fontSize: vars.font.sizeXl });
export const text = style({ color: vars.color.mutedText });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });
export const row = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.s,
  '@media': { [media.upToMobile]: { flexDirection: 'column', alignItems: 'stretch' } },
});
export const grow = style({ flexGrow: 1 });
