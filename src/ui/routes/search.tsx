import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { parseSearchParams } from '../../application/queries/page-params';
import { searchPage } from '../../application/queries/search-page.query';
import { normaliseSearchQuery } from '../../domain/search-query';
import { LoadingScreen } from '../components/spinner';
import { PageHead } from './-components/page-head';
import { ProductActionsScope } from './-components/product-actions';
import { routeQuery } from './-components/route-data';
import { RouteErrorView } from './-components/route-error';
import { SearchView } from './-components/search-view';
import { useVoiceSearch } from './-components/voice-search';

export const Route = createFileRoute('/search')({
  staticData: { drawnOnServer: true },
  validateSearch: parseSearchParams,
  loaderDeps: ({ search }) => ({ q: search.q, page: search.page }),
  loader: ({ context, deps, abortController }) =>
    routeQuery(context.shop.resolve(searchPage)(deps, { signal: abortController.signal })),
  component: SearchPageRoute,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function SearchPageRoute() {
  const result = Route.useLoaderData();
  const params = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // The field's draft follows q when the URL changes (a new search, back/forward).
  const [draft, setDraft] = useState({ q: params.q ?? '', text: params.q ?? '' });
  const text = draft.q === (params.q ?? '') ? draft.text : (params.q ?? '');
  const submit = (raw: string) => {
    const query = normaliseSearchQuery(raw);
    if (query.ok) void navigate({ search: { q: query.value } });
  };
  const voice = useVoiceSearch((transcript) => {
    setDraft({ q: params.q ?? '', text: transcript });
    submit(transcript);
  });
  return (
    <>
      <PageHead
        title={params.q === undefined ? 'Поиск' : `Поиск: ${params.q}`}
        description="Поиск мебели, декора и техники для дома в каталоге магазина «Дом и Стиль»."
        path={params.q === undefined ? '/search' : `/search?q=${encodeURIComponent(params.q)}`}
      />
      <ProductActionsScope>
        {(actions) => (
          <SearchView
            params={params}
            result={result}
            draft={text}
            onDraftChange={(value) => setDraft({ q: params.q ?? '', text: value })}
            onSubmit={submit}
            onVoiceSearch={voice.toggle}
            listening={voice.listening}
            actions={actions}
          />
        )}
      </ProductActionsScope>
    </>
  );
}
