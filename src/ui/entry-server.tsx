import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  appServicesOf,
  createPageRenderContainer,
  type RenderPage,
  shopRuntimeOf,
  startRenderShopSystem,
} from '../infrastructure/composition-root';
import { createAppRouter } from './router';

/**
 * The server-side renderer (built by `npm run build` to dist/server/entry-server.js and loaded by
 * server/http/page-document.ts): the markup of a page, drawn by the same routes and components as in
 * the browser from the answers the page document carries, so the page paints with the HTML. The
 * browser app replaces it when it starts (no hydration: the shell's machines read the visitor's
 * storage, which the server does not have).
 */
export const renderPage: RenderPage = async ({ url, reads, deadlineMs }) => {
  const container = createPageRenderContainer(reads);
  const system = startRenderShopSystem(container);
  try {
    const router = createAppRouter(
      { services: appServicesOf(container), shop: shopRuntimeOf(system) },
      createMemoryHistory({ initialEntries: [url] }),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Page render over ${deadlineMs} ms: ${url}`)), deadlineMs);
    });
    // A loader waiting for a read the document does not carry would wait for ever (answers-fetch.ts).
    await Promise.race([router.load(), deadline]).finally(() => clearTimeout(timer));
    return renderToString(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  } finally {
    system.stop();
  }
};
