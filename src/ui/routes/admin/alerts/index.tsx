import { createFileRoute } from '@tanstack/react-router';
import { readAlertSettings } from '../../../../application/admin/alerts/read-alert-settings.query';
import { AlertsScreen } from '../../../admin/alerts/alerts-screen';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/alerts/')({
  loader: ({ context, abortController }) =>
    context.shop.resolve(readAlertSettings)({ signal: abortController.signal }),
  component: AlertsRoute,
  errorComponent: RouteErrorView,
});

function AlertsRoute() {
  return <AlertsScreen settings={Route.useLoaderData()} />;
}
