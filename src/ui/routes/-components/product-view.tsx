import { Await } from '@tanstack/react-router';
import { Fragment, type ReactNode, Suspense, useState } from 'react';
import { preload } from 'react-dom';
import type { ProductDetail } from '../../../application/ports/catalogue.port';
import type { ImageData } from '../../../application/ports/media.model';
import type { Crumb } from '../../../domain/crumbs';
import type { ProductSummary } from '../../../domain/product';
import {
  badgeKind,
  formatDimensions,
  mainImage,
  productDimensions,
  visibleSpecs,
} from '../../../domain/product-presentation';
import { ProductBadgeView } from '../../components/badge';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Button } from '../../components/button';
import { Heart, ShoppingBag } from '../../components/icons';
import { Check } from '../../components/page-icons';
import { Price } from '../../components/price';
import { ProductCard } from '../../components/product-card';
import { ProductGrid } from '../../components/product-grid';
import { SliderSection } from '../../components/slider';
import { container } from '../../theme/utilities.css';
import * as page from './catalogue.css';
import { imageSrcSet, photoSize } from './image-sources';
import { cardActionProps, type ProductCardActions } from './product-actions';
import * as styles from './product-view.css';

export const RECOMMENDATION_TITLES = {
  collection: 'Из этой коллекции',
  style: 'В том же стиле',
} as const;

/** sizes of the main photo: full width below 1000 px, 7/12 of the 1320 px column above. */
export const MAIN_IMAGE_SIZES = '(max-width: 1000px) 100vw, 760px';

export interface ProductViewProps {
  /** Cart and favourites (from ProductActionsScope); null renders the buttons disabled. */
  readonly actions: ProductCardActions | null;
  readonly product: ProductDetail;
  readonly crumbs: readonly Crumb[];
  readonly byCollection: Promise<readonly ProductSummary[]>;
  readonly byStyle: Promise<readonly ProductSummary[]>;
  /** Under the price: «Частями от N ₽/мес» when the provider offers installments for the price. */
  readonly priceNote?: ReactNode;
  /** Under the buttons: «Поместится?» for a large item (issue 23, item 6). */
  readonly afterPurchase?: ReactNode;
}

/** The pictures of the gallery: the product's images, else its main picture (or the placeholder). */
export function galleryImages(product: ProductDetail): readonly ImageData[] {
  if (product.images.length > 0) return product.images;
  return [{ url: mainImage(product), alt: product.name, sources: [] }];
}

function Gallery({ product }: { product: ProductDetail }) {
  const images = galleryImages(product);
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)] ?? images[0];
  const first = images[0];
  // The first photo is the page's largest image: fetch it at high priority as soon as the view renders.
  if (first !== undefined) {
    const srcSet = imageSrcSet(first);
    preload(first.url, {
      as: 'image',
      fetchPriority: 'high',
      ...(srcSet === undefined ? {} : { imageSrcSet: srcSet, imageSizes: MAIN_IMAGE_SIZES }),
    });
  }
  const badge = badgeKind(product);
  const size = photoSize(1024);
  return (
    <div className={styles.gallery}>
      <div className={styles.mainFrame}>
        {current !== undefined && (
          <img
            className={styles.mainImage}
            src={current.url}
            srcSet={imageSrcSet(current)}
            sizes={MAIN_IMAGE_SIZES}
            width={size.width}
            height={size.height}
            alt={current.alt || product.name}
            loading="eager"
            fetchPriority={current === first ? 'high' : 'auto'}
          />
        )}
        {badge !== null && <ProductBadgeView badge={badge} className={styles.badge} />}
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Фотографии товара">
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                className={styles.thumb}
                aria-current={index === selected}
                aria-label={`Фото ${index + 1} из ${images.length}`}
                onClick={() => setSelected(index)}
              >
                <img
                  className={styles.thumbImage}
                  src={image.sources[0]?.url ?? image.url}
                  width={96}
                  height={72}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PurchaseButtons({
  product,
  actions,
}: {
  product: ProductDetail;
  actions: ProductCardActions | null;
}) {
  const favourite = actions?.isFavourite(product.id) ?? false;
  const inCart = actions?.inCartFeedback(product.id) ?? false;
  // Stock tracked and none left: the shopper sees why and cannot add it (an order would be refused).
  const soldOut = product.in_stock === false;
  return (
    <div className={styles.buttons}>
      <Button
        size="l"
        className={styles.cartButton}
        variant={inCart || soldOut ? 'secondary' : 'primary'}
        disabled={actions === null || soldOut}
        onClick={() => actions?.onAddToCart(product)}
        aria-live="polite"
      >
        {soldOut ? null : inCart ? (
          <Check size={18} aria-hidden="true" />
        ) : (
          <ShoppingBag size={18} aria-hidden="true" />
        )}
        {soldOut ? 'Нет в наличии' : inCart ? 'В корзине' : 'В корзину'}
      </Button>
      <Button
        size="l"
        variant="secondary"
        disabled={actions === null}
        aria-pressed={favourite}
        onClick={() => actions?.onToggleFavourite(product)}
      >
        <Heart size={18} aria-hidden="true" fill={favourite ? 'currentColor' : 'none'} />
        {favourite ? 'В избранном' : 'В избранное'}
      </Button>
    </div>
  );
}

/** The product page (spec §2 "/product/{slug}"). */
export function ProductView({
  product,
  crumbs,
  byCollection,
  byStyle,
  actions,
  priceNote,
  afterPurchase,
}: ProductViewProps) {
  const specs = visibleSpecs(product.specs);
  const size = formatDimensions(productDimensions(product));
  return (
    <div className={`${container} ${page.page}`}>
      <Breadcrumbs items={crumbs} />
      <div className={styles.top}>
        <Gallery product={product} />
        <section className={styles.info} aria-labelledby="product-title">
          <h1 id="product-title" className={styles.name}>
            {product.name}
          </h1>
          <div className={styles.meta}>
            {product.sku.trim() !== '' && <span>Артикул: {product.sku}</span>}
            {size !== null && <span>{size}</span>}
          </div>
          <Price price={product.price} oldPrice={product.price_old} size="l" />
          {priceNote}
          <PurchaseButtons product={product} actions={actions} />
          {afterPurchase}
          {specs.length > 0 && (
            <dl className={styles.specs} aria-label="Характеристики">
              {specs.map((line) => (
                <Fragment key={line.key}>
                  <dt className={styles.specTerm}>{line.label}</dt>
                  <dd className={styles.specValue}>{line.value}</dd>
                </Fragment>
              ))}
            </dl>
          )}
        </section>
      </div>
      {product.description.trim() !== '' && (
        <section className={page.section} aria-labelledby="product-description">
          <h2 id="product-description" className={page.sectionTitle}>
            Описание
          </h2>
          <p className={`${page.prose} ${styles.description}`}>{product.description}</p>
        </section>
      )}
      {/* Await adds no Suspense boundary for a null fallback: without this one the whole page would
          wait for the recommendations. */}
      <Suspense fallback={null}>
        <Await promise={byCollection}>
          {(items) =>
            items.length > 0 && (
              <section className={page.section} aria-labelledby="product-collection">
                <h2 id="product-collection" className={page.sectionTitle}>
                  {RECOMMENDATION_TITLES.collection}
                </h2>
                <ProductGrid
                  items={items}
                  getKey={(item) => item.id}
                  aria-label={RECOMMENDATION_TITLES.collection}
                  renderItem={(item) => (
                    <ProductCard
                      product={item}
                      imageWidth={640}
                      imageHeight={480}
                      {...cardActionProps(actions, item)}
                    />
                  )}
                />
              </section>
            )
          }
        </Await>
      </Suspense>
      <Await
        promise={byStyle}
        fallback={<SliderSection title={RECOMMENDATION_TITLES.style} status="loading" />}
      >
        {(items) =>
          items.length > 0 && (
            <SliderSection title={RECOMMENDATION_TITLES.style} status="ready">
              {items.map((item) => (
                <ProductCard
                  key={item.id}
                  product={item}
                  imageWidth={640}
                  imageHeight={480}
                  {...cardActionProps(actions, item)}
                />
              ))}
            </SliderSection>
          )
        }
      </Await>
    </div>
  );
}
