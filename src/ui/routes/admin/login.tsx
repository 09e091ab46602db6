import { createFileRoute, redirect } from '@tanstack/react-router';
import { ADMIN_EMAIL_SLOT } from '../../../application/admin/admin-identity';
import { AdminLoginView } from '../-client/access-forms';
import { settledAuth } from '../-client/auth-guards';
import { ClientHead } from '../-client/client-head';

export const Route = createFileRoute('/admin/login')({
  beforeLoad: async ({ context }) => {
    const auth = await settledAuth(context.shop);
    if (auth.status === 'admin') throw redirect({ to: '/admin' });
  },
  component: AdminLoginPage,
});

function AdminLoginPage() {
  const storage = Route.useRouteContext({ select: (context) => context.services.admin.storage });
  return (
    <>
      <ClientHead title="Вход для администратора" />
      <AdminLoginView onSignedIn={(email) => storage.write(ADMIN_EMAIL_SLOT, email)} />
    </>
  );
}
