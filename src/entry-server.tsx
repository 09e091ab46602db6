import { createMemoryHistory, RouterProvider, rootRouteId } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  appServicesOf,
  createPageRenderContainer,
  type DrawnPageHead,
  type RenderPage,
  type RouteExists,
  shopRuntimeOf,
  startRenderShopSystem,
} from './infrastructure/composition-root';
import { createAppRouter } from './ui/router';
import { PageHeadCollector, type PageHeadInput, SiteOrigin } from './ui/routes/-components/page-head';

/**
 * The server-side renderer (built by `npm run build` to dist/server/entry-server.js and loaded by
 * server/http/page-document.ts). For a page URL it runs the page's route loaders — the application
 * queries (src/application/queries) — and the shell's machines against the server's in-process
 * answers, records every read they make (that record is what the page document carries), and for a
 * public page (route `staticData.drawnOnServer`) draws its markup with the same routes and components
 * as the browser, so the page paints with the HTML. The browser app replaces it when it starts (no
 * hydration: the shell's machines read the visitor's storage, which the server does not have).
 */
/** The route tree for matching paths only: built once, never loaded or rendered. */
let matcher: ReturnType<typeof createAppRouter> | null = null;

export const routeExists: RouteExists = (path) => {
  if (matcher === null) {
    const { container } = createPageRenderContainer(async () => null);
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

type LoadOutcome = 'loaded' | 'late' | 'failed';

function drawnHead(head: PageHeadInput | null): DrawnPageHead | null {
  if (head === null) return null;
  return {
    title: head.title,
    description: head.description,
    canonicalPath: head.canonicalPath ?? head.path,
    image: head.image ?? null,
    type: head.type ?? 'website',
  };
}

export const renderPage: RenderPage = async ({ url, answer, origin, deadlineMs }) => {
  const { container, answers } = createPageRenderContainer(answer);
  const system = startRenderShopSystem(container);
  try {
    const router = createAppRouter(
      { services: appServicesOf(container), shop: shopRuntimeOf(system) },
      createMemoryHistory({ initialEntries: [url] }),
    );
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<LoadOutcome>((resolve) => {
      timer = setTimeout(() => resolve('late'), deadlineMs);
    });
    const loaded = router.load().then(
      (): LoadOutcome => 'loaded',
      (): LoadOutcome => 'failed',
    );
    const outcome = await Promise.race([loaded, deadline]).finally(() => clearTimeout(timer));
    // Whatever was read goes into the document, even when loading ran late: the browser then needs
    // fewer round trips for the rest.
    const { reads, complete } = await answers.settle(deadlineMs - (Date.now() - startedAt));
    const { matches } = router.state;
    const notFound =
      outcome === 'loaded' &&
      matches.some((match) => match.status === 'notFound' || match._notFound === true);
    const drawable =
      outcome === 'loaded' &&
      complete &&
      !notFound &&
      matches.every((match) => match.status === 'success') &&
      matches.at(-1)?.staticData.drawnOnServer === true;
    if (!drawable) return { reads, markup: null, notFound, head: null };
    let head: PageHeadInput | null = null;
    const markup = renderToString(
      <StrictMode>
        <PageHeadCollector.Provider
          value={(drawn) => {
            head = drawn;
          }}
        >
          <SiteOrigin.Provider value={origin ?? ''}>
            <RouterProvider router={router} />
          </SiteOrigin.Provider>
        </PageHeadCollector.Provider>
      </StrictMode>,
    );
    return { reads, markup, notFound: false, head: drawnHead(head) };
  } finally {
    system.stop();
  }
};
