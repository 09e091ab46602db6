import type { SearchPage } from '../../../application/ports/catalogue.port';
import type { SearchParams } from '../../../application/queries/page-params';
import { HOME_CRUMB } from '../../../domain/crumbs';
import { AppLink } from '../../components/app-link';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { SearchX } from '../../components/page-icons';
import { ProductCard } from '../../components/product-card';
import { ProductGrid } from '../../components/product-grid';
import { SearchForm } from '../../components/search-form';
import { useSearchSuggestions } from '../../shell/header-search';
import { container } from '../../theme/utilities.css';
import * as page from './catalogue.css';
import { productCount } from './category-view';
import { PageLinks } from './page-links';
import { cardActionProps, type ProductCardActions } from './product-actions';

export const SEARCH_TEXTS = {
  title: 'Поиск по каталогу',
  prompt: 'Введите название товара, материал или цвет — например, «диван», «дуб» или «синий».',
  emptyTitle: 'Ничего не найдено',
  emptyText: 'Проверьте написание или попробуйте другое слово. Ещё можно поискать в каталоге по разделам.',
  correctedPrefix: 'Показаны результаты по запросу',
} as const;

export interface SearchViewProps {
  /** Cart and favourites (from ProductActionsScope); null renders the buttons disabled. */
  readonly actions: ProductCardActions | null;
  readonly params: SearchParams;
  readonly result: SearchPage | null;
  /** Controlled text of the field (the route keeps it in sync with q). */
  readonly draft: string;
  readonly onDraftChange: (value: string) => void;
  readonly onSubmit: (query: string) => void;
  readonly onVoiceSearch: () => void;
  readonly listening: boolean;
}

/** /search?q (spec §2): the form with voice search, the corrected-query hint, results or an empty state. */
export function SearchView({
  params,
  result,
  draft,
  onDraftChange,
  onSubmit,
  onVoiceSearch,
  listening,
  actions,
}: SearchViewProps) {
  const title = params.q === undefined ? SEARCH_TEXTS.title : `Результаты поиска: «${params.q}»`;
  // The same suggestions while typing as the header's field (tracker issue 13).
  const { suggestions, typed, dismiss } = useSearchSuggestions((query) => {
    onDraftChange(query);
    onSubmit(query);
  });
  const pages =
    result === null ? 0 : Math.ceil(Math.min(result.total, 1000 * result.limit) / Math.max(1, result.limit));
  const corrected =
    result?.corrected_query && result.corrected_query.trim().toLowerCase() !== (params.q ?? '').toLowerCase()
      ? result.corrected_query
      : null;
  return (
    <div className={`${container} ${page.page}`}>
      <Breadcrumbs items={[HOME_CRUMB, { label: 'Поиск' }]} />
      <header className={page.header}>
        <h1 className={page.title}>{title}</h1>
        {result !== null && result.total > 0 && (
          <p className={page.count}>Найдено: {productCount(result.total)}</p>
        )}
      </header>
      <SearchForm
        value={draft}
        onValueChange={(text) => {
          onDraftChange(text);
          typed(text);
        }}
        onSubmit={(query) => {
          dismiss();
          onSubmit(query);
        }}
        onVoiceSearch={onVoiceSearch}
        listening={listening}
        suggestions={suggestions}
      />
      {corrected !== null && (
        <p className={page.lead} role="status">
          {SEARCH_TEXTS.correctedPrefix} «<strong>{corrected}</strong>»
        </p>
      )}
      {result === null && <p className={page.lead}>{SEARCH_TEXTS.prompt}</p>}
      {result !== null && result.items.length === 0 && (
        <EmptyState
          icon={<SearchX size={32} aria-hidden="true" />}
          title={SEARCH_TEXTS.emptyTitle}
          text={SEARCH_TEXTS.emptyText}
          actions={<ButtonLink href="/categories">Перейти в каталог</ButtonLink>}
        />
      )}
      {result !== null && result.items.length > 0 && (
        <>
          <ProductGrid
            items={result.items}
            getKey={(item) => item.id}
            aria-label="Результаты поиска"
            renderItem={(item, index) => (
              <ProductCard
                product={item}
                priority={index < 4}
                imageWidth={640}
                imageHeight={480}
                {...cardActionProps(actions, item)}
              />
            )}
          />
          <PageLinks
            current={params.page ?? 1}
            total={pages}
            searchFor={(n) => ({ q: params.q, ...(n > 1 ? { page: n } : {}) })}
          />
        </>
      )}
      {result === null && (
        <p className={page.lead}>
          Или откройте <AppLink href="/categories">каталог</AppLink>.
        </p>
      )}
    </div>
  );
}
