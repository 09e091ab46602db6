import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CLOCK_PORT } from '../application/ports/clock.port';
import { createAppContainer, resolvePort } from '../infrastructure/composition-root';
import { createAppRouter } from './router';
import './theme/theme.css';

// The composition root of the browser app: the one ui file allowed to reach infrastructure.
const services = createAppContainer();
const router = createAppRouter({ clock: resolvePort(services, CLOCK_PORT) });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element #root is missing from index.html');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
