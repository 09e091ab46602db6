import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const priceSizes = ['s', 'm', 'l'] as const;
export type PriceSize = (typeof priceSizes)[number];

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.s,
  rowGap: vars.space.xxs,
});

export const current = style({
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
  whiteSpace: 'nowrap',
});
export const currentSale = style({ color: vars.color.sale });
export const missing = style({ fontWeight: vars.font.weightMedium, color: vars.color.mutedText });

export const old = style({
  color: vars.color.mutedText,
  whiteSpace: 'nowrap',
  textDecoration: 'line-through',
});

export const percent = style({
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.s,
  background: vars.color.saleSoft,
  color: vars.color.sale,
  fontSize: vars.font.sizeXs,
  fontWeight: vars.font.weightBold,
  lineHeight: '20px',
});

export const size = styleVariants({
  s: { fontSize: vars.font.sizeS },
  m: { fontSize: vars.font.sizeL },
  l: { fontSize: vars.font.sizeXl },
} satisfies Record<PriceSize, { fontSize: string }>);

export const oldSize = styleVariants({
  s: { fontSize: vars.font.sizeXs },
  m: { fontSize: vars.font.sizeS },
  l: { fontSize: vars.font.sizeM },
} satisfies Record<PriceSize, { fontSize: string }>);
