import { createFileRoute, redirect } from '@tanstack/react-router';
import { SetPasswordView } from './-client/access-forms';
import { settledAuth } from './-client/auth-guards';
import { ClientHead } from './-client/client-head';
import { parseRedirectSearch } from './-client/search-params';

export const Route = createFileRoute('/set-password')({
  validateSearch: parseRedirectSearch,
  // Only a signed-in visitor has a password to change; a guest signs in first.
  beforeLoad: async ({ context, location }) => {
    const auth = await settledAuth(context.shop);
    if (auth.status === 'guest') throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: SetPasswordPage,
});

function SetPasswordPage() {
  const { redirect: target } = Route.useSearch();
  return (
    <>
      <ClientHead title="Постоянный пароль" />
      <SetPasswordView redirect={target ?? null} />
    </>
  );
}
