import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/theme.css';

export const lines = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const line = style({
  display: 'grid',
  gridTemplateColumns: '112px minmax(0, 1fr) auto auto',
  gridTemplateAreas: '"image info quantity total"',
  gap: vars.space.m,
  alignItems: 'center',
  paddingBlock: vars.space.m,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    '&:first-child': { paddingTop: 0 },
    '&:last-child': { paddingBottom: 0, borderBottom: 'none' },
  },
  '@media': {
    [media.upToMobile]: {
      gridTemplateColumns: '88px minmax(0, 1fr)',
      gridTemplateAreas: '"image info" "quantity total"',
      gap: vars.space.sm,
    },
  },
});

export const imageLink = style({ gridArea: 'image', display: 'block' });

export const image = style({
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.m,
  background: vars.color.surfaceMuted,
  display: 'block',
});

export const info = style({
  gridArea: 'info',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const name = style({
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: vars.font.weightSemibold,
  lineHeight: vars.font.lineSnug,
  selectors: { '&:hover': { color: vars.color.accent } },
});

export const quantity = style({
  gridArea: 'quantity',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  // A fieldset (it groups the − and + buttons) without its default frame.
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const quantityValue = style({
  minWidth: '3ch',
  textAlign: 'center',
  fontWeight: vars.font.weightSemibold,
  fontVariantNumeric: 'tabular-nums',
});

export const lineTotal = style({
  gridArea: 'total',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  fontWeight: vars.font.weightBold,
  whiteSpace: 'nowrap',
});

export const removeButton = style({
  alignSelf: 'flex-start',
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.mutedText,
  fontSize: vars.font.sizeS,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.danger } },
});

export const toolbar = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.m,
  marginBottom: vars.space.m,
});
