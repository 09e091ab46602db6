import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { ADMIN_EMAIL_SLOT, ADMIN_FALLBACK_LABEL } from '../../../application/admin/admin-identity';
import { AdminLayout, AdminLoginLayout } from '../../admin/admin-layout';
import { requireAdmin } from '../-client/auth-guards';

/** /admin/login is the one admin page a guest may open; it has the bare sign-in chrome. */
const isLoginPath = (pathname: string) => pathname.replace(/\/+$/, '') === '/admin/login';

export const Route = createFileRoute('/admin')({
  staticData: { chrome: 'admin' },
  // Spec §6: the back office is for administrators only — a guest goes to /admin/login, a client to /.
  beforeLoad: async ({ context, location }) => {
    if (!isLoginPath(location.pathname)) await requireAdmin(context.shop);
  },
  component: AdminRoot,
});

function AdminRoot() {
  const login = useLocation({ select: (location) => isLoginPath(location.pathname) });
  const storage = Route.useRouteContext({ select: (context) => context.services.admin.storage });
  const email = storage.read(ADMIN_EMAIL_SLOT);
  if (login) {
    return (
      <AdminLoginLayout>
        <Outlet />
      </AdminLoginLayout>
    );
  }
  return (
    <AdminLayout
      adminLabel={email ?? ADMIN_FALLBACK_LABEL}
      onSignOut={() => storage.remove(ADMIN_EMAIL_SLOT)}
    >
      <Outlet />
    </AdminLayout>
  );
}
