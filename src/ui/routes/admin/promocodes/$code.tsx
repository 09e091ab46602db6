import { createFileRoute } from '@tanstack/react-router';
import { PromoEditorScreen } from '../../../admin/catalogue/promo-screens';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/promocodes/$code')({
  component: PromoEditorRoute,
  errorComponent: RouteErrorView,
});

function PromoEditorRoute() {
  const { code } = Route.useParams();
  return <PromoEditorScreen key={code} code={code === 'new' ? null : code.toUpperCase()} />;
}
