import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/theme.css';

/**
 * The product page while it loads. The layout classes of product-view.css.ts give the skeleton the
 * loaded page's grid and 4:3 gallery frame; these add the placeholder blocks and the height floor.
 */

// The skeleton holds at least a whole screen, so the footer stays below the fold until the product
// arrives and cannot jump up and back (the loaded page is always taller than one screen).
export const root = style({ minHeight: '100vh' });

/** The breadcrumb row: one line of the 14 px crumbs. */
export const crumbs = style({ width: 'min(60%, 360px)', height: '22px' });

/** Fills the gallery's 4:3 main frame. */
export const photo = style({ width: '100%', height: '100%', borderRadius: 0 });

export const thumbs = style({ display: 'flex', gap: vars.space.s });

/** The thumbnails' width and 4:3 shape (product-view.css.ts `thumb`). */
export const thumb = style({
  width: '96px',
  aspectRatio: '4 / 3',
  borderRadius: vars.radius.m,
  '@media': { [media.upToMobile]: { width: '72px' } },
});

/** Two lines of the product name at its size (28 px, 20 px up to 768 px; line height 1.3). */
export const titleLine = style({
  width: '100%',
  height: '36px',
  '@media': { [media.upToMobile]: { height: '26px' } },
});

export const titleLineShort = style({ width: '62%' });

export const metaLine = style({ width: '45%', height: '20px' });

/** The large price row. */
export const price = style({ width: '40%', height: '36px' });

export const buttons = style({ display: 'flex', gap: vars.space.s, flexWrap: 'wrap' });

/** A purchase button: the 44 px control height, sized like the page's cart and favourite buttons. */
export const button = style({
  flex: '1 1 200px',
  height: vars.size.control,
  borderRadius: vars.radius.pill,
});

/** Placeholder rows of the specification list. */
export const specLine = style({ width: '100%', height: '20px' });
