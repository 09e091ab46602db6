import { createFileRoute } from '@tanstack/react-router';
import { listStaff } from '../../../application/admin/staff/list-staff.query';
import { StaffView } from '../../admin/staff/staff-view';
import { RouteErrorView } from '../-components/route-error';

/** «Сотрудники»: the owner's (the /admin route sends other roles to their own sections). */
export const Route = createFileRoute('/admin/staff')({
  loader: ({ context, abortController }) =>
    context.shop.resolve(listStaff)({ signal: abortController.signal }),
  component: StaffRoute,
  errorComponent: RouteErrorView,
});

function StaffRoute() {
  return <StaffView staff={Route.useLoaderData()} />;
}
