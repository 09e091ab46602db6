import { createFileRoute } from '@tanstack/react-router';
import { RegisterView } from './-client/access-forms';
import { ClientHead } from './-client/client-head';
import { parseRedirectSearch } from './-client/search-params';

export const Route = createFileRoute('/register')({
  validateSearch: parseRedirectSearch,
  component: RegisterPage,
});

function RegisterPage() {
  const { redirect } = Route.useSearch();
  return (
    <>
      <ClientHead title="Регистрация" />
      <RegisterView redirect={redirect ?? null} />
    </>
  );
}
