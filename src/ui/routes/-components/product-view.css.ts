import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/theme.css';

export const top = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [media.upToTablet]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.l } },
});

export const gallery = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const mainFrame = style({
  position: 'relative',
  aspectRatio: '4 / 3',
  borderRadius: vars.radius.l,
  overflow: 'hidden',
  background: vars.color.surface,
});

export const mainImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const badge = style({ position: 'absolute', top: vars.space.m, left: vars.space.m });

export const thumbs = style({
  display: 'flex',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  overflowX: 'auto',
});

export const thumb = style({
  display: 'block',
  width: '96px',
  padding: 0,
  border: `2px solid transparent`,
  borderRadius: vars.radius.m,
  overflow: 'hidden',
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: { '&[aria-current="true"]': { borderColor: vars.color.accent } },
  '@media': { [media.upToMobile]: { width: '72px' } },
});

export const thumbImage = style({ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover' });

export const info = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
  padding: vars.space.l,
  borderRadius: vars.radius.l,
  background: vars.color.surface,
  boxShadow: vars.shadow.s,
  '@media': { [media.aboveTablet]: { position: 'sticky', top: vars.space.m } },
});

export const name = style({
  fontSize: vars.font.sizeXl,
  lineHeight: vars.font.lineSnug,
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeL } },
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.m,
  color: vars.color.mutedText,
  fontSize: vars.font.sizeS,
});

export const buttons = style({ display: 'flex', gap: vars.space.s, flexWrap: 'wrap' });

export const cartButton = style({ flex: '1 1 200px' });

export const specs = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  margin: 0,
  fontSize: vars.font.sizeS,
});

export const specTerm = style({
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.mutedText,
});

export const specValue = style({
  margin: 0,
  padding: `${vars.space.s} 0 ${vars.space.s} ${vars.space.s}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: vars.font.weightMedium,
});

export const description = style({
  color: vars.color.text,
  lineHeight: vars.font.lineBody,
  whiteSpace: 'pre-line',
});
