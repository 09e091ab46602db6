import { createFileRoute } from '@tanstack/react-router';
import { ownProfile } from '../../../application/admin/profile/own-profile.query';
import { listStaff } from '../../../application/admin/staff/list-staff.query';
import { StaffView } from '../../admin/staff/staff-view';
import { RouteErrorView } from '../-components/route-error';

/** «Сотрудники»: the owner's (the /admin route sends other roles to their own sections). */
export const Route = createFileRoute('/admin/staff')({
  loader: async ({ context, abortController }) => {
    const options = { signal: abortController.signal };
    const [staff, self] = await Promise.all([
      context.shop.resolve(listStaff)(options),
      context.shop.resolve(ownProfile)(options),
    ]);
    return { staff, selfId: self.id };
  },
  component: StaffRoute,
  errorComponent: RouteErrorView,
});

function StaffRoute() {
  const { staff, selfId } = Route.useLoaderData();
  return <StaffView staff={staff} selfId={selfId} />;
}
