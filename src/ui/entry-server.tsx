import { createMemoryHistory, RouterProvider, rootRouteId } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  appServicesOf,
  createPageRenderContainer,
  type RenderPage,
  type RouteExists,
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
/** The route tree for matching paths only: built once, never loaded or rendered. */
let matcher: ReturnType<typeof createAppRouter> | null = null;

export const routeExists: RouteExists = (path) => {
  if (matcher === null) {
    const container = createPageRenderContainer({});
    const system = startRenderShopSystem(container);
    matcher = createAppRouter(
      { services: appServicesOf(container), shop: shopRuntimeOf(system) },
      createMemoryHistory({ initialEntries: ['/'] }),
    );
    // Matching reads the route tree only; the shop's machines are not needed for it.
    system.stop();
  }
  const [, , found] = matcher.getMatchedRoutes(path);
  return found !== undefined && found.id !== rootRouteId;
};

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
