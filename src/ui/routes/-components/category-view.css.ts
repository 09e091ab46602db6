import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/theme.css';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '272px minmax(0, 1fr)',
  gap: vars.space.l,
  alignItems: 'start',
  '@media': { [media.upToTablet]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const aside = style({
  position: 'sticky',
  top: vars.space.m,
  '@media': { [media.upToTablet]: { position: 'static' } },
});

export const results = style({ display: 'flex', flexDirection: 'column', gap: vars.space.l, minWidth: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.s,
});

export const sortLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s,
  fontSize: vars.font.sizeS,
  color: vars.color.mutedText,
});

export const select = style({
  height: vars.size.controlSmall,
  padding: `0 ${vars.space.s}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeS,
});

export const toggleButton = style({
  display: 'none',
  width: '100%',
  marginBottom: vars.space.s,
  '@media': { [media.upToTablet]: { display: 'inline-flex' } },
});

/** Below 1000 px the panel folds away behind the 'Фильтры' button. */
export const filtersCollapsed = style({ '@media': { [media.upToTablet]: { display: 'none' } } });
