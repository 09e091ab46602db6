import type { ProductSummary } from '../../domain/product';
import {
  badgeKind,
  formatDimensions,
  mainImage,
  productDimensions,
  productHref,
} from '../../domain/product-presentation';
import { AppLink } from './app-link';
import { ProductBadgeView } from './badge';
import { Button } from './button';
import { IconButton } from './icon-button';
import { Heart, ShoppingBag } from './icons';
import { Check } from './page-icons';
import { Price } from './price';
import * as styles from './product-card.css';

export interface ProductCardProps {
  readonly product: ProductSummary;
  /** srcset of the main image when the server offers several widths. */
  readonly imageSrcSet?: string;
  /** sizes for that srcset; the grid default fits 2 / 3 / 4 columns. */
  readonly imageSizes?: string;
  /** Intrinsic size of the image so the card never jumps while it loads. */
  readonly imageWidth?: number;
  readonly imageHeight?: number;
  /** Above the fold: load eagerly with high priority instead of lazily. */
  readonly priority?: boolean;
  readonly isFavourite?: boolean;
  readonly onToggleFavourite?: (product: ProductSummary) => void;
  readonly onAddToCart?: (product: ProductSummary) => void;
  /** The 'В корзине' feedback (spec §4: shown for 1 s after adding; the machine owns the timing). */
  readonly inCart?: boolean;
  readonly headingLevel?: 'h2' | 'h3' | 'h4';
}

const DEFAULT_SIZES = '(max-width: 768px) 50vw, (max-width: 1183px) 33vw, 300px';

export function ProductCard({
  product,
  imageSrcSet,
  imageSizes = DEFAULT_SIZES,
  imageWidth = 600,
  imageHeight = 600,
  priority = false,
  isFavourite = false,
  onToggleFavourite,
  onAddToCart,
  inCart = false,
  headingLevel: Heading = 'h3',
}: ProductCardProps) {
  const href = productHref(product);
  const badge = badgeKind(product);
  const size = formatDimensions(productDimensions(product));
  return (
    <article className={styles.card} aria-label={product.name}>
      <div className={styles.media_}>
        <img
          className={styles.image}
          src={mainImage(product)}
          srcSet={imageSrcSet}
          sizes={imageSrcSet ? imageSizes : undefined}
          width={imageWidth}
          height={imageHeight}
          alt={product.name}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'auto' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
        {badge !== null && (
          <div className={styles.badges}>
            <ProductBadgeView badge={badge} />
          </div>
        )}
        {onToggleFavourite && (
          <div className={styles.favourite}>
            <IconButton
              tone="surface"
              aria-label={isFavourite ? 'Удалить из избранного' : 'Добавить в избранное'}
              aria-pressed={isFavourite}
              icon={<Heart size={20} aria-hidden="true" fill={isFavourite ? 'currentColor' : 'none'} />}
              onClick={() => onToggleFavourite(product)}
            />
          </div>
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <AppLink href={href} className={styles.nameLink}>
            {product.name}
          </AppLink>
        </Heading>
        {size !== null && <p className={styles.dimensions}>{size}</p>}
        <div className={styles.footer}>
          <Price price={product.price} oldPrice={product.price_old} size="m" />
          {onAddToCart && product.in_stock === false && (
            <Button className={styles.raised} size="s" fullWidth variant="secondary" disabled>
              Нет в наличии
            </Button>
          )}
          {onAddToCart && product.in_stock !== false && (
            <Button
              className={styles.raised}
              size="s"
              fullWidth
              variant={inCart ? 'secondary' : 'primary'}
              onClick={() => onAddToCart(product)}
              aria-live="polite"
            >
              {inCart ? <Check size={16} aria-hidden="true" /> : <ShoppingBag size={16} aria-hidden="true" />}
              {inCart ? 'В корзине' : 'В корзину'}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
