import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordView } from './-client/access-forms';
import { ClientHead } from './-client/client-head';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <>
      <ClientHead title="Восстановление пароля" />
      <ForgotPasswordView />
    </>
  );
}
