import { createFileRoute } from '@tanstack/react-router';
import { ownProfile } from '../../../application/admin/profile/own-profile.query';
import { ProfileScreen } from '../../admin/profile/profile-screen';
import { RouteErrorView } from '../-components/route-error';

/** «Профиль»: every staff member's own (area `common`). */
export const Route = createFileRoute('/admin/profile')({
  loader: ({ context, abortController }) =>
    context.shop.resolve(ownProfile)({ signal: abortController.signal }),
  component: ProfileRoute,
  errorComponent: RouteErrorView,
});

function ProfileRoute() {
  return <ProfileScreen profile={Route.useLoaderData()} />;
}
