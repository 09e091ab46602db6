import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const cityList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.upToMobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const cityButton = style({ width: '100%', justifyContent: 'flex-start' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });

export const row = style({ display: 'flex', gap: vars.space.s, alignItems: 'flex-end' });

export const grow = style({ flex: 1, minWidth: 0 });

export const lead = style({ color: vars.color.mutedText, fontSize: vars.font.sizeS });

export const submitError = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.s,
  background: vars.color.saleSoft,
  color: vars.color.danger,
  fontSize: vars.font.sizeS,
});

export const result = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });

export const resultTitle = style({ fontSize: vars.font.sizeL, fontWeight: vars.font.weightBold });

export const promoCode = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.s,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontWeight: vars.font.weightBold,
  letterSpacing: '0.08em',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });
