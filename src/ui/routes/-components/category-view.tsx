import { useId, useState } from 'react';
import { pluralizeProducts } from '../../../../shared-rules/plural-rule';
import type { CategoryPageData } from '../../../application/queries/category-page.query';
import {
  CATEGORY_PAGE_SIZE,
  CATEGORY_SORTS,
  type CategorySearch,
  type CategorySort,
  currentPage,
  DEFAULT_SORT,
  hasFilters,
  SORT_LABELS,
  withoutFilters,
  withPage,
  withSort,
} from '../../../application/queries/category-search';
import { AppLink } from '../../components/app-link';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { SlidersHorizontal } from '../../components/page-icons';
import { ProductCard } from '../../components/product-card';
import { container } from '../../theme/utilities.css';
import * as page from './catalogue.css';
import { CategoryFilters } from './category-filters';
import * as styles from './category-view.css';
import { PageLinks } from './page-links';
import { cardActionProps, type ProductCardActions } from './product-actions';
import './prose.css';

export interface CategoryViewProps {
  /** Cart and favourites (from ProductActionsScope); null renders the buttons disabled. */
  readonly actions: ProductCardActions | null;
  readonly data: Omit<CategoryPageData, 'slugPath' | 'image'>;
  readonly search: CategorySearch;
  readonly onSearchChange: (next: CategorySearch) => void;
}

/** '42 товара' */
export function productCount(count: number): string {
  return `${count} ${pluralizeProducts(count)}`;
}

function isSort(value: string): value is CategorySort {
  return (CATEGORY_SORTS as readonly string[]).includes(value);
}

/** A category listing (spec §2 "/category/{slug path}"); every control writes the URL. */
export function CategoryView({ data, search, onSearchChange, actions }: CategoryViewProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const sortId = useId();
  const { products } = data;
  const pages = Math.ceil(products.total / CATEGORY_PAGE_SIZE);
  return (
    <div className={`${container} ${page.page}`}>
      <Breadcrumbs items={data.crumbs} />
      <header className={page.header}>
        <h1 className={page.title}>{data.name}</h1>
        <p className={page.count} aria-live="polite">
          {productCount(products.total)}
        </p>
      </header>
      {data.subcategories.length > 0 && (
        <nav aria-label="Подкатегории">
          <ul className={page.chips}>
            {data.subcategories.map((link) => (
              <li key={link.href}>
                <AppLink href={link.href} className={page.chip}>
                  {link.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <Button
            variant="secondary"
            className={styles.toggleButton}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal size={18} aria-hidden="true" />
            {filtersOpen ? 'Скрыть фильтры' : 'Фильтры'}
          </Button>
          <CategoryFilters
            id={filtersId}
            facets={products.facets}
            search={search}
            onChange={onSearchChange}
            className={filtersOpen ? undefined : styles.filtersCollapsed}
          />
        </aside>
        <div className={styles.results}>
          <div className={styles.toolbar}>
            <label className={styles.sortLabel} htmlFor={sortId}>
              Сортировка
              <select
                id={sortId}
                className={styles.select}
                value={search.sort ?? DEFAULT_SORT}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  if (isSort(value)) onSearchChange(withSort(search, value));
                }}
              >
                {CATEGORY_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {products.items.length === 0 ? (
            <EmptyState
              title="Ничего не нашлось"
              text={
                hasFilters(search)
                  ? 'Под выбранные фильтры не подходит ни один товар. Попробуйте ослабить условия.'
                  : 'В этой категории пока нет товаров. Загляните в соседние разделы каталога.'
              }
              actions={
                hasFilters(search) ? (
                  <Button onClick={() => onSearchChange(withoutFilters(search))}>Сбросить фильтры</Button>
                ) : undefined
              }
            />
          ) : (
            <ul className={page.grid} aria-label="Товары">
              {products.items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    priority={index < 3}
                    imageWidth={640}
                    imageHeight={480}
                    imageSizes="(max-width: 768px) 50vw, (max-width: 1000px) 33vw, 320px"
                    {...cardActionProps(actions, product)}
                  />
                </li>
              ))}
            </ul>
          )}
          <PageLinks current={currentPage(search)} total={pages} searchFor={(n) => withPage(search, n)} />
        </div>
      </div>
      {data.tags.length > 0 && (
        <section className={page.section} aria-labelledby={`${sortId}-tags`}>
          <h2 id={`${sortId}-tags`} className={page.sectionTitle}>
            Популярные запросы
          </h2>
          <ul className={page.chips}>
            {data.tags.map((tag) => (
              <li key={`${tag.href}|${tag.label}`}>
                {tag.href.startsWith('/') && !tag.href.includes('?') ? (
                  <AppLink href={tag.href} className={page.chip}>
                    {tag.label}
                  </AppLink>
                ) : (
                  <a href={tag.href} className={page.chip}>
                    {tag.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.seo !== null && data.seo.html.trim() !== '' && (
        <section
          className={page.seo}
          aria-label={data.seo.title || data.name}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SEO text is HTML written in the shop's back office
          dangerouslySetInnerHTML={{ __html: data.seo.html }}
        />
      )}
    </div>
  );
}
