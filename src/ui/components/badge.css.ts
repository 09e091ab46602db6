import { type StyleRule, style, styleVariants } from '@vanilla-extract/css';
import type { ProductBadge } from '../../domain/product';
import { vars } from '../theme/theme.css';

/** Badge tones: the product badges of spec §3 plus a sale tone for the discount percent. */
const badgeTones = ['trending', 'new', 'available', 'preorder', 'sale'] as const;
export type BadgeTone = (typeof badgeTones)[number];

// A product badge is always a tone, so a new badge kind in the domain fails here until it has a colour.
export const productBadgeTone: Record<ProductBadge, BadgeTone> = {
  trending: 'trending',
  new: 'new',
  available: 'available',
  preorder: 'preorder',
};

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space.xxs} ${vars.space.s}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.font.sizeXs,
  fontWeight: vars.font.weightBold,
  lineHeight: '18px',
  letterSpacing: '0.02em',
  whiteSpace: 'nowrap',
});

const toneRules: Record<BadgeTone, StyleRule> = {
  trending: { background: vars.color.warningSoft, color: vars.color.warning },
  new: { background: vars.color.inverseSurface, color: vars.color.inverseText },
  available: { background: vars.color.successSoft, color: vars.color.success },
  preorder: { background: vars.color.infoSoft, color: vars.color.info },
  sale: { background: vars.color.sale, color: vars.color.accentText },
};
export const tone = styleVariants(toneRules);
