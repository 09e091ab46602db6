import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminIdentity } from '../../../application/admin/admin-identity';
import { useUseCase } from '../../shell/shop-context';
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
  const identity = useUseCase(adminIdentity);
  return (
    <>
      <ClientHead title="Вход для администратора" />
      <AdminLoginView onSignedIn={identity.remember} />
    </>
  );
}
