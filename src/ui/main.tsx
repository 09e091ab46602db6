import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppServices } from '../application/app-services';
import { AUTH_PORT } from '../application/ports/auth.port';
import { CART_PORT } from '../application/ports/cart.port';
import { CATALOGUE_PORT } from '../application/ports/catalogue.port';
import { CLIENTS_PORT } from '../application/ports/clients.port';
import { CLOCK_PORT } from '../application/ports/clock.port';
import { NEWS_PORT } from '../application/ports/news.port';
import { ORDERS_PORT } from '../application/ports/orders.port';
import { PAGES_PORT } from '../application/ports/pages.port';
import { PAYMENTS_PORT } from '../application/ports/payments.port';
import { SPEECH_RECOGNITION_PORT } from '../application/ports/speech-recognition.port';
import {
  attachRouterNavigation,
  createAppContainer,
  resolvePort,
  startPageShopSystem,
} from '../infrastructure/composition-root';
import { createAppRouter } from './router';
import './theme/theme.css';

// The composition root of the browser app: the one ui file allowed to reach infrastructure.
const container = createAppContainer();
const services: AppServices = {
  catalogue: resolvePort(container, CATALOGUE_PORT),
  news: resolvePort(container, NEWS_PORT),
  pages: resolvePort(container, PAGES_PORT),
  auth: resolvePort(container, AUTH_PORT),
  cart: resolvePort(container, CART_PORT),
  clients: resolvePort(container, CLIENTS_PORT),
  orders: resolvePort(container, ORDERS_PORT),
  payments: resolvePort(container, PAYMENTS_PORT),
  speech: resolvePort(container, SPEECH_RECOGNITION_PORT),
  clock: resolvePort(container, CLOCK_PORT),
};
const system = await startPageShopSystem(container);
const router = createAppRouter({
  services,
  shop: {
    system: system.actor,
    machines: {
      consultationModal: system.machines.consultationModal,
      feedbackModal: system.machines.feedbackModal,
      subscribe: system.machines.subscribe,
    },
  },
});
attachRouterNavigation(container, (to, { replace }) => router.navigate({ href: to, replace }));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element #root is missing from index.html');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
