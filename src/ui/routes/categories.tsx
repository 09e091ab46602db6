import { createFileRoute } from '@tanstack/react-router';
import { catalogueTree } from '../../application/queries/category-page.query';
import { LoadingScreen } from '../components/spinner';
import { CATALOGUE_TITLE, CategoriesView } from './-components/categories-view';
import { PageHead } from './-components/page-head';
import { RouteErrorView } from './-components/route-error';

export const Route = createFileRoute('/categories')({
  staticData: { drawnOnServer: true },
  loader: ({ context, abortController }) =>
    context.shop.resolve(catalogueTree)({ signal: abortController.signal }),
  component: CategoriesPage,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function CategoriesPage() {
  const roots = Route.useLoaderData();
  return (
    <>
      <PageHead
        title={CATALOGUE_TITLE}
        description="Полный каталог магазина «Дом и Стиль»: мебель, декор, посуда, текстиль, ковры, освещение и бытовая техника с доставкой по Санкт-Петербургу и России."
        path="/categories"
      />
      <CategoriesView roots={roots} />
    </>
  );
}
