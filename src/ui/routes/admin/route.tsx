import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { adminIdentity } from '../../../application/admin/admin-identity';
import { AdminLayout, AdminLoginLayout } from '../../admin/admin-layout';
import { useUseCase } from '../../shell/shop-context';
import { requireAdmin } from '../-client/auth-guards';

/** /admin/login is the one admin page a guest may open; it has the bare sign-in chrome. */
const isLoginPath = (pathname: string) => pathname.replace(/\/+$/, '') === '/admin/login';

export const Route = createFileRoute('/admin')({
  staticData: { chrome: 'admin' },
  // Spec §6: the back office is for administrators only — a guest goes to /admin/login, a client to /.
  beforeLoad: async ({ context, location }) => {
    if (isLoginPath(location.pathname)) return;
    // A section the staff member's role does not open sends them to one it does (docs/staff.md).
    // The section list comes with its first use, not in the storefront's first path.
    const [admin, { sectionRedirect }] = await Promise.all([
      requireAdmin(context.shop),
      import('../../admin/admin-sections'),
    ]);
    const away = sectionRedirect(admin, location.pathname);
    if (away !== null) throw redirect({ to: away });
  },
  component: AdminRoot,
});

function AdminRoot() {
  const login = useLocation({ select: (location) => isLoginPath(location.pathname) });
  const identity = useUseCase(adminIdentity);
  if (login) {
    return (
      <AdminLoginLayout>
        <Outlet />
      </AdminLoginLayout>
    );
  }
  return (
    <AdminLayout adminLabel={identity.label()} onSignOut={identity.forget}>
      <Outlet />
    </AdminLayout>
  );
}
