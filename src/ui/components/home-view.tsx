import type { ReactNode, Ref } from 'react';
import type { NewsCardData } from '../../application/queries/home-sliders.query';
import { type Contacts, DEFAULT_CONTACTS } from '../../domain/contacts';
import type { ProductSummary } from '../../domain/product';
import { container } from '../theme/utilities.css';
import { BenefitsBlock, FaqBlock } from './benefits-block';
import { CategoryTile } from './category-tile';
import { CollageTile } from './collage-tile';
import { ConsultationBanner } from './consultation-banner';
import { HomeBanner } from './home-banner';
import {
  BANNER_ROW_1,
  BANNER_ROW_2,
  CATEGORY_TILES,
  COLLAGE_TILES,
  INSPIRATION_EMPTY,
  INSPIRATION_ERROR,
} from './home-content';
import * as sectionStyles from './home-sections.css';
import * as styles from './home-view.css';
import { SHOP_NAME } from './logo';
import { NewsCard } from './news-card';
import { ProductCard } from './product-card';
import { SliderSection, type SliderStatus } from './slider';
import { SubscribeBlock, type SubscribeBlockProps } from './subscribe-block';

/** What one home slider has to show. */
export type SliderData<T> =
  | { readonly status: Exclude<SliderStatus, 'ready'> }
  | { readonly status: 'ready'; readonly items: readonly T[] };

/** Product-card behaviour, provided by the cart and favourites machines. */
export interface ProductCardActions {
  readonly isFavourite: (id: number) => boolean;
  /** The 1 s 'В корзине' feedback is on for this product. */
  readonly inCartFeedback: (id: number) => boolean;
  readonly onToggleFavourite: (product: ProductSummary) => void;
  readonly onAddToCart: (product: ProductSummary) => void;
  /**
   * The shopper opened this product's page (spec §4 "Recently viewed": moves it to the front of the
   * list). Optional: cards elsewhere never call it.
   */
  readonly onProductViewed?: (productId: number) => void;
}

export interface HomeViewProps {
  readonly newArrivals: SliderData<ProductSummary>;
  readonly recommended: SliderData<ProductSummary>;
  /** Spec §2: shown only if the visitor has viewed anything. */
  readonly recentlyViewed: SliderData<ProductSummary>;
  readonly news: SliderData<NewsCardData>;
  readonly inspiration: SliderData<NewsCardData>;
  readonly productActions?: ProductCardActions;
  readonly onConsultationRequest?: () => void;
  readonly subscribe: SubscribeBlockProps;
  /** The SEO welcome text from the back office; the default text is used until it is loaded. */
  readonly seoText?: ReactNode;
  readonly contacts?: Contacts;
  /**
   * The shop's public origin for the Organization structured data's absolute URLs (the route gives
   * `useSiteOrigin()`: PUBLIC_URL on the server, the page's origin in the browser); '' for site paths.
   */
  readonly origin?: string;
  /** Slider sections by name, so the page can load each one when it comes near the viewport. */
  readonly sliderRefs?: Partial<Record<HomeSliderKey, Ref<HTMLElement>>>;
}

type HomeSliderKey = 'newArrivals' | 'recommended' | 'news' | 'inspiration';

function productSlides(data: SliderData<ProductSummary>, actions: ProductCardActions | undefined): ReactNode {
  if (data.status !== 'ready') return null;
  return data.items.map((product) => (
    <ProductCard
      key={product.id}
      product={product}
      imageSizes="(max-width: 768px) 72vw, (max-width: 1183px) 33vw, 300px"
      isFavourite={actions?.isFavourite(product.id)}
      inCart={actions?.inCartFeedback(product.id)}
      onToggleFavourite={actions?.onToggleFavourite}
      onAddToCart={actions?.onAddToCart}
    />
  ));
}

function newsSlides(data: SliderData<NewsCardData>): ReactNode {
  if (data.status !== 'ready') return null;
  return data.items.map((item) => <NewsCard key={item.href} item={item} />);
}

/** A ready slider with nothing in it reads as empty. */
function statusOf<T>(data: SliderData<T>): SliderStatus {
  return data.status === 'ready' && data.items.length === 0 ? 'empty' : data.status;
}

/** A product slider is left out when it has nothing to show (failed or empty); it shows while loading. */
function hasProductsOrPending(data: SliderData<ProductSummary>): boolean {
  return data.status === 'loading' || (data.status === 'ready' && data.items.length > 0);
}

function DefaultSeoText() {
  return (
    <>
      <h2 className={sectionStyles.seoTitle}>Интернет-магазин мебели и декора «{SHOP_NAME}»</h2>
      <p>
        «{SHOP_NAME}» — магазин мебели, декора, текстиля и бытовой техники в Санкт-Петербурге. В каталоге —
        диваны и кресла, кровати и матрасы, комоды, столы и системы хранения, светильники, ковры и посуда:
        всё, чтобы дом был удобным и красивым.
      </p>
      <p>
        Мы доставляем заказы по Санкт-Петербургу и в другие города России, помогаем с выбором и сборкой, а
        профессионалам — дизайнерам и архитекторам — предлагаем особые условия сотрудничества.
      </p>
    </>
  );
}

/** Organization structured data for the home page (spec §2). */
export function organizationJsonLd(contacts: Contacts, origin: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: contacts.email,
    telephone: contacts.phoneE164,
    address: { '@type': 'PostalAddress', streetAddress: contacts.address, addressCountry: 'RU' },
  };
  // "<" is escaped so no value can close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The home page (spec §2 "Home page"): every text and target as the spec gives them. */
export function HomeView({
  newArrivals,
  recommended,
  recentlyViewed,
  news,
  inspiration,
  productActions,
  onConsultationRequest,
  subscribe,
  seoText,
  contacts = DEFAULT_CONTACTS,
  origin = '',
  sliderRefs = {},
}: HomeViewProps) {
  const [hero, side] = BANNER_ROW_1;
  const [appliances, decor] = BANNER_ROW_2;
  const showViewed = recentlyViewed.status === 'ready' && recentlyViewed.items.length > 0;
  return (
    <div className={`${container} ${styles.page}`}>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw text; it is escaped above
        dangerouslySetInnerHTML={{ __html: organizationJsonLd(contacts, origin) }}
      />
      <div className={styles.banners}>
        <div className={styles.bannerRow1}>
          <HomeBanner banner={hero} size="hero" headingLevel="h1" priority />
          <HomeBanner banner={side} size="side" headingLevel="h2" />
        </div>
        <div className={styles.bannerRow2}>
          <HomeBanner banner={appliances} size="half" headingLevel="h2" />
          <HomeBanner banner={decor} size="half" headingLevel="h2" />
        </div>
      </div>

      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className={sectionStyles.sectionTitle}>
          Популярные категории
        </h2>
        <ul className={styles.categories}>
          {CATEGORY_TILES.map((tile) => (
            <li key={tile.slugPath}>
              <CategoryTile tile={tile} />
            </li>
          ))}
        </ul>
      </section>

      {hasProductsOrPending(newArrivals) && (
        <SliderSection title="Новинки" status={statusOf(newArrivals)} sectionRef={sliderRefs.newArrivals}>
          {productSlides(newArrivals, productActions)}
        </SliderSection>
      )}

      <section aria-labelledby="collage-title">
        <h2 id="collage-title" className={sectionStyles.sectionTitle}>
          Идеи для каждой комнаты
        </h2>
        <div className={styles.collage}>
          {COLLAGE_TILES.map((tile) => (
            <CollageTile key={tile.slug} tile={tile} />
          ))}
        </div>
      </section>

      <ConsultationBanner onRequest={onConsultationRequest} />

      {hasProductsOrPending(recommended) && (
        <SliderSection
          title="Вам может понравиться"
          status={statusOf(recommended)}
          sectionRef={sliderRefs.recommended}
        >
          {productSlides(recommended, productActions)}
        </SliderSection>
      )}

      {showViewed && (
        <SliderSection title="Вы недавно смотрели" status="ready">
          {productSlides(recentlyViewed, productActions)}
        </SliderSection>
      )}

      <SliderSection
        title="Новости"
        status={statusOf(news)}
        sectionRef={sliderRefs.news}
        viewAllHref="/pages/news"
        emptyText="Пока нет новостей"
        errorText="Не удалось загрузить новости"
      >
        {newsSlides(news)}
      </SliderSection>

      <SliderSection
        title="Вдохновение"
        status={statusOf(inspiration)}
        sectionRef={sliderRefs.inspiration}
        viewAllHref="/category/vdohnovenie"
        emptyText={INSPIRATION_EMPTY}
        errorText={INSPIRATION_ERROR}
      >
        {newsSlides(inspiration)}
      </SliderSection>

      <SubscribeBlock {...subscribe} />

      <BenefitsBlock />
      <FaqBlock />

      <section className={sectionStyles.seo} aria-label="О магазине">
        {seoText ?? <DefaultSeoText />}
      </section>
    </div>
  );
}
