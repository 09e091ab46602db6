import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginView } from './-client/access-forms';
import { safeRedirectPath, settledAuth } from './-client/auth-guards';
import { ClientHead } from './-client/client-head';
import { parseLoginSearch } from './-client/search-params';

export const Route = createFileRoute('/login')({
  validateSearch: parseLoginSearch,
  // A client who is already signed in goes where they were heading, or to the account.
  beforeLoad: async ({ context, search }) => {
    const auth = await settledAuth(context.shop);
    if (auth.status === 'client' && auth.identity.clientId !== null) {
      const target = safeRedirectPath(search.redirect);
      if (target) throw redirect({ href: target });
      throw redirect({ to: '/orders/$clientId', params: { clientId: String(auth.identity.clientId) } });
    }
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  return (
    <>
      <ClientHead title="Вход в личный кабинет" />
      <LoginView
        redirect={search.redirect ?? null}
        email={search.email ?? ''}
        showMessage={search.showMsg === 1}
      />
    </>
  );
}
