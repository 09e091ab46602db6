import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppShell } from '../components/app-shell';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

function NotFound() {
  return (
    <section>
      <h1>Страница не найдена</h1>
      <p>Такой страницы нет. Проверьте адрес или вернитесь на главную.</p>
    </section>
  );
}
