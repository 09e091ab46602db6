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

/**
 * The cart page in every state (its frame, the lines, the empty cart) holds at least one screen, so
 * the footer stays below the fold when the visitor's lines replace the server's frame: neither an
 * empty cart nor a long one moves anything the visitor sees (issue 27, session 13).
 */
export const screenTall = style({ minHeight: '100vh' });

/** The picture of a line (the grid's first column is its width; square like the photo). */
export const bonePicture = style({ width: '100%', aspectRatio: '1 / 1', borderRadius: vars.radius.m });

/** A line of text in a line's name or price. */
export const boneText = style({ width: '100%', height: '1.1em' });

export const boneTextShort = style({ width: '40%' });
