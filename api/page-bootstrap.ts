import { Schema } from 'effect';

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

/**
 * The server-side renderer of the browser app (src/ui/entry-server.tsx, built to dist/server): the
 * markup of a page for its URL, drawn from the same answers the document carries. The server puts it
 * into `<div id="root">` so the page paints before any JavaScript runs; the app then takes over.
 */
interface PageRenderInput {
  /** Path and query of the page. */
  readonly url: string;
  readonly reads: PageBootstrap['reads'];
  /** The render gives up (rejects) after this many milliseconds and releases what it started. */
  readonly deadlineMs: number;
}
export type RenderPage = (input: PageRenderInput) => Promise<string>;

/**
 * Whether the browser app has a route for a path (no query): the server renderer answers from the app's
 * own route tree, so a path no route takes gets HTTP 404 rather than a page that says «not found» with
 * 200 (a soft 404). Paths the tree takes but whose record is missing are decided by their data.
 */
export type RouteExists = (path: string) => boolean;
