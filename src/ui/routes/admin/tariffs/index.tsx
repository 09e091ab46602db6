import { createFileRoute } from '@tanstack/react-router';
import { TariffsScreen } from '../../../admin/catalogue/tariffs-screen';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/tariffs/')({
  component: TariffsScreen,
  errorComponent: RouteErrorView,
});
