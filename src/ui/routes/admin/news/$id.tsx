import { createFileRoute, notFound } from '@tanstack/react-router';
import { NewsEditorScreen } from '../../../admin/catalogue/news-screens';
import { RouteErrorView } from '../../-components/route-error';

function newsIdOf(param: string): number | null {
  if (param === 'new') return null;
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

export const Route = createFileRoute('/admin/news/$id')({
  beforeLoad: ({ params }) => {
    newsIdOf(params.id);
  },
  component: NewsEditorRoute,
  errorComponent: RouteErrorView,
});

function NewsEditorRoute() {
  const { id } = Route.useParams();
  return <NewsEditorScreen key={id} newsId={newsIdOf(id)} />;
}
