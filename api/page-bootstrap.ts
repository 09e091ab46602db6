import { Schema } from 'effect';
import type { RecordedCall } from './recorded-calls';

/**
 * The API answers a storefront page's HTML carries for its first render (server/http/page-document.ts
 * writes them, src/infrastructure/http/bootstrap-fetch.ts serves them to the HTTP adapters). On a slow
 * phone each serial request costs a whole round trip; answering the first reads inside the document
 * removes the HTML → JS → API step (docs/performance.md «Storefront»).
 *
 * Each body is the endpoint's JSON exactly as the API would have sent it, so the browser decodes it with
 * the same contract schema as a fetched answer: the document is one more edge, validated the same way.
 */
export const PAGE_BOOTSTRAP_ELEMENT_ID = 'shop-bootstrap';

const BootstrappedRead = Schema.Struct({
  status: Schema.Int,
  body: Schema.Unknown,
  /**
   * Public catalogue data may answer the same read more than once (the root layout and a route both
   * list categories); a visitor's own data (the session) answers once.
   */
  reusable: Schema.Boolean,
});

export const PageBootstrap = Schema.Struct({
  /**
   * When the server wrote the answers (epoch milliseconds). A document kept somewhere (the service
   * worker's offline copy, a restored tab) carries old answers: the browser ignores them once this is
   * further than PAGE_BOOTSTRAP_LIFETIME_MS from its own clock.
   */
  servedAt: Schema.Number,
  /** Keyed by `readKey(path?query)`. */
  reads: Schema.Record(Schema.String, BootstrappedRead),
});
export type PageBootstrap = typeof PageBootstrap.Type;

/**
 * How long the answers may be used, counted from when the server wrote them and from when the page
 * started: long enough for a slow phone to download and start the app, short enough that nobody works
 * with a stale catalogue.
 */
export const PAGE_BOOTSTRAP_LIFETIME_MS = 60_000;

// In a module of its own without effect, so the browser's start-up code can use it without pulling
// effect into the first chunk.
export { readKey } from './read-key';

/** One read a page document carries (its status, JSON body and whether it may answer twice). */
export type BootstrappedRead = PageBootstrap['reads'][string];

/**
 * How the server answers one API read (path and query) for the renderer, in-process: the answer the
 * document may carry, or null for one it must leave to the browser (an error, a redirect, a cookie).
 */
export type AnswerRead = (pathAndQuery: string) => Promise<BootstrappedRead | null>;

interface PageRenderInput {
  /** Path and query of the page. */
  readonly url: string;
  readonly answer: AnswerRead;
  /** The shop's public origin (PUBLIC_URL, no trailing slash) for absolute URLs; null when not configured. */
  readonly origin: string | null;
  /** Loading gives up after this many milliseconds: the page then goes out with what was read. */
  readonly deadlineMs: number;
  /**
   * The cart cookie the request carried, as shared-rules/cart-cookie-rule.ts spells it, or null: the
   * cart page is drawn with these lines. The one cookie a render sees (a document drawn with it is
   * never stored for another visitor: server/domain/page-cache-rule.ts).
   */
  readonly cartCookie?: string | null;
}

/** The head a drawn page asked for (its PageHead), for the document's title, description and canonical. */
export interface DrawnPageHead {
  /** The page's own title (the shop name is appended). */
  readonly title: string;
  readonly description: string;
  /** The canonical path (with the query where it matters), or the page's own path. */
  readonly canonicalPath: string;
  readonly image: string | null;
  readonly type: 'website' | 'product' | 'article';
}

interface RenderedPage {
  /**
   * Every read the page's queries made while loading (keyed by `readKey`), in the order they asked:
   * the page document carries exactly these, so its plan is the app's own queries, not a copy.
   */
  readonly reads: PageBootstrap['reads'];
  /**
   * Every port call the render made with its decoded answer (api/recorded-calls.ts): the document
   * carries these instead of the reads, so the browser hydrates without the HTTP adapters.
   */
  readonly calls: readonly RecordedCall[];
  /**
   * The page's markup, for routes drawn on the server (public pages) whose loading finished in time;
   * null otherwise (the document keeps the loading screen and the browser draws the page).
   */
  readonly markup: string | null;
  /**
   * The app showed its not-found page (an unknown product, category, article or static page): the
   * document answers 404 with the not-found head, not a page that says «not found» with 200.
   */
  readonly notFound: boolean;
  /** The head the drawn page asked for; null when the page was not drawn. */
  readonly head: DrawnPageHead | null;
  /**
   * Why a page meant to be drawn on the server (a public route) went out without its content:
   * `deadline` when loading or a read outlasted `deadlineMs`, `failed` when a loader or a read failed.
   * Null when the page was drawn, is not drawn on the server (the visitor's own pages) or is not found.
   * The document must not offer such a page to search engines (server/domain/undrawn-page.ts).
   */
  readonly missed: RenderMiss | null;
}

/** Why a public page went out without its content (RenderedPage.missed). */
export type RenderMiss = 'deadline' | 'failed';

/**
 * The server-side renderer of the browser app (src/entry-server.tsx, built to dist/server): runs the
 * page's route loaders (the application queries) against the server's own answers, and draws the page.
 * The server puts the markup into `<div id="root">` so the page paints before any JavaScript runs; the
 * app then takes over with the same answers.
 */
export type RenderPage = (input: PageRenderInput) => Promise<RenderedPage>;

/**
 * Whether the browser app has a route for a path (no query): the server renderer answers from the app's
 * own route tree, so a path no route takes gets HTTP 404 rather than a page that says «not found» with
 * 200 (a soft 404). Paths the tree takes but whose record is missing are decided by their data.
 */
export type RouteExists = (path: string) => boolean;
