import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../-client/auth-guards';
import * as layout from '../-client/client.css';
import { ClientHead } from '../-client/client-head';

export const Route = createFileRoute('/admin/')({
  // Spec §6: /admin is for administrators only; anyone else is sent away before it renders.
  beforeLoad: ({ context }) => requireAdmin(context.shop),
  component: AdminWelcome,
});

function AdminWelcome() {
  return (
    <>
      <ClientHead title="Панель администратора" />
      <div className={layout.narrowPage}>
        <section className={layout.card}>
          <div className={layout.stack}>
            <h1 className={layout.title}>Панель администратора</h1>
            <p>Добро пожаловать! Вы вошли как администратор магазина.</p>
          </div>
        </section>
      </div>
    </>
  );
}
