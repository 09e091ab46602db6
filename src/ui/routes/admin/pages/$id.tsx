import { createFileRoute, notFound } from '@tanstack/react-router';
import { PageEditorScreen } from '../../../admin/catalogue/pages-screens';
import { RouteErrorView } from '../../-components/route-error';

function pageIdOf(param: string): number | null {
  if (param === 'new') return null;
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

export const Route = createFileRoute('/admin/pages/$id')({
  beforeLoad: ({ params }) => {
    pageIdOf(params.id);
  },
  component: PageEditorRoute,
  errorComponent: RouteErrorView,
});

function PageEditorRoute() {
  const { id } = Route.useParams();
  return <PageEditorScreen key={id} pageId={pageIdOf(id)} />;
}
