import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';
import { container } from '../theme/utilities.css';

export const menu = style({ position: 'relative' });

export const bar = style([
  container,
  {
    display: 'flex',
    // Every root stays visible: the bar wraps onto a second row on narrower desktops.
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: vars.space.xxs,
    paddingBlock: vars.space.xs,
    marginBlock: 0,
    listStyle: 'none',
    '@media': {
      // Two rows: centred, so the short second row does not spread its three roots across the page.
      [media.upToNarrowDesktop]: { justifyContent: 'center', columnGap: vars.space.s },
    },
  },
]);

export const barStacked = style({
  flexDirection: 'column',
  justifyContent: 'flex-start',
  paddingInline: 0,
});

export const rootControl = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.controlSmall,
  flexShrink: 0,
  padding: `0 ${vars.space.xs}`,
  border: 0,
  borderRadius: vars.radius.s,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightMedium,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceMuted },
  },
});

export const accent = style({ color: vars.color.sale, fontWeight: vars.font.weightBold });

export const panel = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  zIndex: vars.zIndex.dropdown,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.l,
});

export const panelStacked = style({ position: 'static', boxShadow: 'none' });

export const columns = style([
  container,
  {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)',
    gap: vars.space.l,
    paddingBlock: vars.space.l,
  },
]);

export const columnsStacked = style({ gridTemplateColumns: 'minmax(0, 1fr)', paddingInline: 0 });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: vars.size.controlSmall,
  padding: `0 ${vars.space.s}`,
  border: 0,
  borderRadius: vars.radius.s,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeS,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceMuted } },
});

export const allLink = style({ fontWeight: vars.font.weightBold, color: vars.color.accent });

export const promo = style({
  display: 'flex',
  alignItems: 'flex-end',
  minHeight: '160px',
  padding: vars.space.l,
  borderRadius: vars.radius.l,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontSize: vars.font.sizeL,
  textDecoration: 'none',
  fontWeight: vars.font.weightBold,
});

export const back = style({ justifySelf: 'start' });
