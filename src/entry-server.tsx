import { createMemoryHistory, RouterProvider, rootRouteId } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  carriesRenderBase,
  createPageRenderContainer,
  type DrawnPageHead,
  type RenderMiss,
  type RenderPage,
  type RouteExists,
  shopRuntimeOf,
  startRenderShopSystem,
} from './infrastructure/composition-root';
import { routeTree } from './ui/route-tree.gen';
import { createAppRouter } from './ui/router';
import { PageHeadCollector, type PageHeadInput, SiteOrigin } from './ui/routes/-components/page-head';

/**
 * The server-side renderer (built by `npm run build` to dist/server/entry-server.js and loaded by
 * server/http/page-document.ts). For a page URL it runs the page's route loaders — the application
 * queries (src/application/queries) — and the shell's machines against the server's in-process
 * answers, records every read they make (that record is what the page document carries), and for a
 * public page (route `staticData.drawnOnServer`) draws its markup with the same routes and components
 * as the browser, so the page paints with the HTML. The browser app hydrates it (src/main.tsx); what
 * only the browser knows (storage, session, city) is drawn neutral here and in the hydrating render
 * (src/ui/shell/hydration.ts) and filled in right after.
 */
/** The route tree for matching paths only: built once, never loaded or rendered. */
let matcher: ReturnType<typeof createAppRouter> | null = null;

export const routeExists: RouteExists = (path) => {
  if (matcher === null) {
    const { container } = createPageRenderContainer(async () => null);
    const system = startRenderShopSystem(container);
    matcher = createAppRouter(
      { shop: shopRuntimeOf(system, container) },
      routeTree,
      createMemoryHistory({ initialEntries: ['/'] }),
    );
    // Matching reads the route tree only; the shop's machines are not needed for it.
    system.stop();
  }
  const [, , found] = matcher.getMatchedRoutes(path);
  return found !== undefined && found.id !== rootRouteId;
};

type LoadOutcome = 'loaded' | 'late' | 'failed';

/**
 * Waits (at most `maxWaitMs`) for the deferred parts of the loaders' data — the product page's
 * recommendations — and marks each settled promise the way React's `use()` reads synchronously
 * (`status` and `value`), so they are drawn into the page rather than left as a boundary the
 * browser has to render (and report) on its own. The browser hydrates them when its own arrive.
 */
async function settleDeferred(loaderData: readonly unknown[], maxWaitMs: number): Promise<void> {
  const deferred = loaderData.flatMap((data) =>
    typeof data === 'object' && data !== null
      ? Object.values(data).filter((value): value is Promise<unknown> => value instanceof Promise)
      : [],
  );
  if (deferred.length === 0) return;
  const marked = deferred.map((promise) =>
    promise.then(
      (value) => {
        Object.assign(promise, { status: 'fulfilled', value });
      },
      (reason: unknown) => {
        Object.assign(promise, { status: 'rejected', reason });
      },
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, maxWaitMs));
  });
  await Promise.race([Promise.all(marked), deadline]).finally(() => clearTimeout(timer));
}

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

export const renderPage: RenderPage = async ({ url, answer, origin, deadlineMs, cartCookie }) => {
  const { container, answers, calls } = createPageRenderContainer(answer, cartCookie ?? null);
  const system = startRenderShopSystem(container);
  try {
    const router = createAppRouter(
      { shop: shopRuntimeOf(system, container) },
      routeTree,
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
    if (outcome === 'loaded') {
      await settleDeferred(
        router.state.matches.map((match) => match.loaderData),
        deadlineMs - (Date.now() - startedAt),
      );
    }
    // Whatever was read goes into the document, even when loading ran late: the browser then needs
    // fewer round trips for the rest.
    const { reads, complete, late } = await answers.settle(deadlineMs - (Date.now() - startedAt));
    const { matches } = router.state;
    const notFound =
      outcome === 'loaded' &&
      matches.some((match) => match.status === 'notFound' || match._notFound === true);
    // Whether the route is a public page at all is read from the route tree, not from the matches:
    // those are only committed once loading finished.
    const [, , route] = router.getMatchedRoutes(new URL(url, 'http://page.invalid').pathname);
    const publicPage = route?.options.staticData?.drawnOnServer === true;
    const missed: RenderMiss | null =
      !publicPage || notFound
        ? null
        : outcome === 'late' || late
          ? 'deadline'
          : outcome === 'failed' || !complete || matches.some((match) => match.status !== 'success')
            ? 'failed'
            : null;
    if (missed !== null || !publicPage || notFound) {
      return { reads, calls: calls.recorded(), markup: null, notFound, head: null, missed };
    }
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
    // A link made absolute against the renderer's own API base must never reach a visitor (issue 25
    // item 11): such a page is left to the browser, whose adapters know the real base.
    if (carriesRenderBase(markup)) {
      return { reads, calls: calls.recorded(), markup: null, notFound: false, head: null, missed: 'failed' };
    }
    return { reads, calls: calls.recorded(), markup, notFound: false, head: drawnHead(head), missed: null };
  } finally {
    system.stop();
  }
};
