import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AnswerRead,
  type BootstrappedRead,
  type DrawnPageHead,
  PAGE_BOOTSTRAP_ELEMENT_ID,
  type PageBootstrap,
  type RenderMiss,
  type RenderPage,
  type RouteExists,
  readKey,
} from '../../api/page-bootstrap';
import { RECORDED_CALLS_ELEMENT_ID, type RecordedCall, type RecordedCalls } from '../../api/recorded-calls';
import { cartCookieOf, parseCartCookie, printCartCookie } from '../../shared-rules/cart-cookie-rule';
import { anonymousCookies, pageCacheKey } from '../domain/page-cache-rule';
import { robotsForPath } from '../domain/page-indexing';
import {
  RENDER_DEADLINE_MS,
  type UndrawnPageAnswer,
  undrawnPageAnswer,
  type Visitor,
  visitorOf,
} from '../domain/undrawn-page';
import type { CachedPageDocument, PageDocumentCache } from './page-document-cache';
import { documentHead, drawnPageHead, headTags, notFoundHead } from './page-head';
import { HTTP_ADAPTERS_MODULE, type LargestPicture, planPage, SHELL_READS } from './page-plan';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The HTML of a storefront page: the built index.html plus what lets a slow phone skip round trips
 * (docs/performance.md «Storefront», docs/architecture.md «The page document»):
 * - the API answers of the page's first render, as JSON the browser decodes with the contract like any
 *   fetched answer (api/page-bootstrap.ts): exactly the reads the app's own page queries and shell
 *   machines made when the server renderer loaded the page (src/entry-server.tsx);
 * - modulepreload and stylesheet links for the route's chunk and the HTTP adapters, so they download
 *   beside the entry chunk instead of after it, preloads of the first-screen fonts, and a high-priority
 *   preload of the page's largest picture;
 * - the page's own head tags and status (page-head.ts);
 * - for a public page (home, catalogue, product, search, news and content pages), the page itself,
 *   drawn by the server renderer of the browser app (built to dist/server) from the same answers.
 * The document is compressed on the fly (it differs per visitor: it may carry their session state), and
 * is `private, no-cache`. A document drawn for an anonymous visitor is kept for the next one of the same
 * page, reader, encoding and city (page-document-cache.ts, server/domain/page-cache-rule.ts).
 */
export interface PageDocumentRenderer {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** A build manifest entry (dist/client/.vite/manifest.json) as far as preloading needs it. */
interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The product listing read (`GET /api/products?…`, api/products.ts). */
const PRODUCT_LISTING_READ = '/api/products?';

/** The product page's main photo `sizes` (src/ui/routes/-components/product-view.tsx MAIN_IMAGE_SIZES). */
export const PRODUCT_PHOTO_SIZES = '(max-width: 1000px) 100vw, 760px';

/**
 * The page's markup goes between these markers of index.html's `<div id="root">`, in place of the
 * loading screen.
 */
const APP_MARKUP = /<!--app-->[\s\S]*<!--\/app-->/;
/**
 * Opens the page's markup in place of `<!--app-->` when the server drew it: the browser app hydrates
 * what follows (src/main.tsx) instead of replacing the loading screen.
 */
const DRAWN_MARKER = '<!--app:drawn-->';

/**
 * The server renderer of the browser app (dist/server/entry-server.js, next to dist/client), loaded
 * on first use; null when the build has none (`vite build` without `--ssr`) or it cannot be loaded.
 * A new build needs a restart to be picked up (Node keeps loaded modules).
 */
interface ServerRenderer {
  readonly renderPage: RenderPage;
  /** Null for a build without it: every path is then taken as known (the page says «not found»). */
  readonly routeExists: RouteExists | null;
}

function pageRendererLoader(
  clientDir: string,
  log: FastifyInstance['log'],
): () => Promise<ServerRenderer | null> {
  const entry = join(clientDir, '..', 'server', 'entry-server.js');
  let loading: Promise<ServerRenderer | null> | null = null;
  return () => {
    if (loading === null) {
      loading = existsSync(entry)
        ? import(pathToFileURL(entry).href).then(
            (module: { renderPage?: unknown; routeExists?: unknown }) =>
              typeof module.renderPage === 'function'
                ? {
                    renderPage: module.renderPage as RenderPage,
                    routeExists:
                      typeof module.routeExists === 'function' ? (module.routeExists as RouteExists) : null,
                  }
                : null,
            (error: unknown) => {
              log.error({ err: error }, 'page document: the server renderer failed to load');
              return null;
            },
          )
        : Promise.resolve(null);
    }
    return loading;
  };
}

/** A read larger than this is left to the browser (the document should stay a few kilobytes). */
const MAX_READ_BYTES = 256 * 1024;
/** Request headers an API read depends on (session cookie, language, the client's identity). */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto'];

function readManifest(clientDir: string): Manifest {
  const path = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Manifest) : {};
  } catch {
    return {};
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON inside <script>: nothing in it may close the element or start a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The files a manifest entry needs (itself and its static imports, depth first) and their styles. */
export function chunkFiles(
  manifest: Manifest,
  keys: readonly string[],
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.push(chunk.file);
    for (const style of chunk.css ?? []) styles.push(style);
  };
  for (const key of keys) visit(key);
  return { scripts, styles };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A site path or an absolute http(s) URL; anything else is not put into a link. */
function safeUrl(value: string | null): string | null {
  if (value === null) return null;
  return value.startsWith('/') || /^https?:\/\//i.test(value) ? value : null;
}

function srcSetOf(image: Record<string, unknown>): string | null {
  const sources = Array.isArray(image.sources) ? image.sources : [];
  const entries = sources.flatMap((source) => {
    if (!isRecord(source)) return [];
    const url = safeUrl(text(source.url));
    const width = source.width;
    if (url === null || typeof width !== 'number' || !Number.isSafeInteger(width) || width <= 0) return [];
    return [`${url.trim().replace(/,/g, '%2C').replace(/\s/g, '%20')} ${width}w`];
  });
  return entries.length === 0 ? null : entries.join(', ');
}

/** The preload link of the page's largest picture, read from the answers the document carries. */
export function largestPictureLink(
  picture: LargestPicture | null,
  bodies: ReadonlyMap<string, unknown>,
): string | null {
  if (picture === null) return null;
  const link = (href: string, srcset: string | null = null, sizes: string | null = null) =>
    `<link rel="preload" as="image" href="${escapeAttribute(href)}"${
      srcset === null
        ? ''
        : ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes ?? '')}"`
    } fetchpriority="high">`;
  if (picture.kind === 'static') return link(picture.url);
  if (picture.kind === 'first-product-card') {
    // The listing the page's query read (its filters and page are the page's own).
    const listing = [...bodies].find(([key]) => key.startsWith(PRODUCT_LISTING_READ))?.[1];
    const first = isRecord(listing) && Array.isArray(listing.items) ? listing.items[0] : undefined;
    const url = isRecord(first) ? safeUrl(text(first.tovar_pic1_url_site)) : null;
    return url === null ? null : link(url);
  }
  const body = bodies.get(readKey(picture.apiPath));
  if (!isRecord(body)) return null;
  const photo = Array.isArray(body.images) ? body.images[0] : undefined;
  if (isRecord(photo)) {
    const url = safeUrl(text(photo.url));
    if (url !== null) {
      const srcset = srcSetOf(photo);
      return link(url, srcset, srcset === null ? null : PRODUCT_PHOTO_SIZES);
    }
  }
  const main = safeUrl(text(body.tovar_pic1_url_site));
  return main === null ? null : link(main);
}

/** Answers one API read in-process, as the browser would have fetched it, or null to leave it to the browser. */
function inProcessAnswer(app: FastifyInstance, request: FastifyRequest): AnswerRead {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (path) => {
    // Only the API is read in-process; the renderer asks for nothing else.
    if (!path.startsWith('/api/')) return null;
    try {
      const response = await app.inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
      // Successes and plain "not found" answers (a category without an SEO text, an unknown product)
      // travel in the document; other errors, redirects and anything that sets a cookie are left to
      // the browser, which then handles them exactly as it always does.
      const status = response.statusCode;
      if ((status !== 200 && status !== 404) || response.headers['set-cookie'] !== undefined) return null;
      if (!String(response.headers['content-type'] ?? '').includes('application/json')) return null;
      if (response.rawPayload.length > MAX_READ_BYTES) return null;
      const body: unknown = JSON.parse(response.body);
      return { status, body, reusable: false };
    } catch (error) {
      request.log.warn({ err: error, path }, 'page document: an API read failed; the browser will fetch it');
      return null;
    }
  };
}

/** Without a server renderer (an API-only or a client-only build): the shell's reads only. */
async function answerShellReads(answer: AnswerRead): Promise<Map<string, BootstrappedRead>> {
  const answers = await Promise.all(
    SHELL_READS.map(async (path) => {
      const read = await answer(path);
      return read === null
        ? null
        : ([readKey(path), { ...read, reusable: path !== '/api/check-auth' }] as const);
    }),
  );
  return new Map(answers.filter((entry) => entry !== null));
}

function withTimeout<T>(work: Promise<T>, fallback: T, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The cart cookie of a request in its canonical spelling, or null for none or one the shop did not
 * write (shared-rules/cart-cookie-rule.ts): a tampered value draws the cart's neutral frame.
 */
function cartCookieOfRequest(request: FastifyRequest): string | null {
  const lines = parseCartCookie(cartCookieOf(request.headers.cookie));
  return lines === null ? null : printCartCookie(lines);
}

/** The page's reads and, for a public page that loaded in time, its markup. */
async function loadPage(
  renderer: ServerRenderer | null,
  request: FastifyRequest,
  answer: AnswerRead,
  origin: string | null,
  deadlineMs: number,
  cartCookie: string | null,
): Promise<{
  reads: Map<string, BootstrappedRead>;
  calls: readonly RecordedCall[];
  markup: string | null;
  notFound: boolean;
  head: DrawnPageHead | null;
  missed: RenderMiss | null;
}> {
  if (renderer === null) {
    // A build without the server renderer draws no page at all: that is its design, not a miss.
    return {
      reads: await withTimeout(answerShellReads(answer), new Map(), deadlineMs),
      calls: [],
      markup: null,
      notFound: false,
      head: null,
      missed: null,
    };
  }
  try {
    const page = await renderer.renderPage({ url: request.url, answer, origin, deadlineMs, cartCookie });
    return {
      reads: new Map(Object.entries(page.reads)),
      calls: page.calls,
      markup: page.markup,
      notFound: page.notFound,
      head: page.head,
      missed: page.missed,
    };
  } catch (error) {
    request.log.warn(
      { err: error, url: request.url },
      'page document: rendering failed; sending the loading screen',
    );
    return { reads: new Map(), calls: [], markup: null, notFound: false, head: null, missed: 'failed' };
  }
}

/**
 * Options of the page documents. `renderDeadlineMs` replaces the deadlines of
 * server/domain/undrawn-page.ts (a test forces the fallback with 0).
 */
export interface PageDocumentOptions {
  readonly renderDeadlineMs?: Readonly<Record<Visitor, number>>;
  /** Anonymous documents kept for the next visitor (page-document-cache.ts); none when absent. */
  readonly cache?: PageDocumentCache;
  /** The city of the visitor's address: the document carries it (the shell's city detection). */
  readonly cityOf?: (request: FastifyRequest) => string | null;
}

/** What became of the public pages this process answered (logged with every miss). */
interface RenderCounts {
  drawn: number;
  missed: number;
}

/** The document for one page: the template with the head links and the answers inserted. */
export function composeDocument(
  template: string,
  parts: {
    /** Escaped text for <title>, or null to keep the template's. */
    readonly title?: string | null;
    /** Escaped text for the description meta, or null to keep the template's. */
    readonly description?: string | null;
    readonly headLinks: readonly string[];
    readonly bootstrap: PageBootstrap | null;
    /**
     * The renderer's port calls with their answers (api/recorded-calls.ts); when there are any, the
     * document carries them instead of `bootstrap`'s reads.
     */
    readonly calls?: RecordedCalls | null;
    /** The page's own markup (server-rendered), or null to keep the loading screen. */
    readonly markup?: string | null;
  },
): string {
  let html = template;
  // Functions as replacements: a "$&" in a product name must stay text.
  const { title, description } = parts;
  if (title != null) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  if (description != null) {
    html = html.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    );
  }
  const { markup } = parts;
  if (markup != null) {
    html = html.replace(APP_MARKUP, () => `${DRAWN_MARKER}${markup}<!--/app-->`);
  }
  if (parts.headLinks.length > 0) html = html.replace('</head>', () => `${parts.headLinks.join('')}</head>`);
  if (parts.calls != null && parts.calls.calls.length > 0) {
    const script = `<script type="application/json" id="${RECORDED_CALLS_ELEMENT_ID}">${scriptSafeJson(parts.calls)}</script>`;
    html = html.replace('</body>', () => `${script}</body>`);
  } else if (parts.bootstrap !== null && Object.keys(parts.bootstrap.reads).length > 0) {
    const script = `<script type="application/json" id="${PAGE_BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(parts.bootstrap)}</script>`;
    html = html.replace('</body>', () => `${script}</body>`);
  }
  return html;
}

/** A stylesheet larger than this stays a link: the document should not grow by more than the sheets of a page. */
const MAX_INLINE_STYLESHEET_BYTES = 96 * 1024;

/** The stylesheet links of a document (the template's and the page's own), as composeDocument writes them. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"<>]+\.css)">/g;

/**
 * The page's stylesheets inside the document, each as a `<style>` followed by its link marked `disabled`
 * (docs/performance.md «Stylesheets in the document»). On a slow phone over HTTP/1.1 the first paint
 * waited for two or three stylesheet requests, which took three of the six connections, so the page's
 * largest picture and the scripts queued behind them. Inside the document the page paints as soon as it
 * has arrived. A `disabled` stylesheet link is never fetched (HTML: «fetch and process the linked
 * resource» returns for a disabled link); it stays so the app's chunk loader (Vite's preload helper,
 * which skips a stylesheet the document already links) does not fetch the sheet again when the route's
 * chunk loads. `readStyle` gives a sheet's text, or null to keep its link (not found, too large).
 */
export function inlineStylesheets(html: string, readStyle: (href: string) => string | null): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = readStyle(href);
    if (css === null) return link;
    // Nothing in a sheet may close the element (a selector or string holding "</style").
    const safe = css.replace(/<\/(style)/gi, '<\\/$1');
    return `<style data-href="${escapeAttribute(href)}">${safe}</style><link rel="stylesheet" href="${escapeAttribute(href)}" disabled>`;
  });
}

/** Reads the build's stylesheets once each (a build's files never change; a new build is a new reader). */
function stylesheetReader(clientDir: string): (href: string) => string | null {
  const texts = new Map<string, string | null>();
  return (href) => {
    const known = texts.get(href);
    if (known !== undefined) return known;
    let text: string | null = null;
    try {
      const path = join(clientDir, href);
      // Only files inside the client build (the href came from our own template and manifest).
      if (path.startsWith(join(clientDir, 'assets'))) {
        const css = readFileSync(path, 'utf8');
        text = Buffer.byteLength(css) <= MAX_INLINE_STYLESHEET_BYTES ? css : null;
      }
    } catch {
      text = null;
    }
    texts.set(href, text);
    return text;
  };
}

type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

async function compress(html: string, encoding: Encoding): Promise<Buffer> {
  const raw = Buffer.from(html, 'utf8');
  // Quality 5 / level 6: a few milliseconds for a ~20 kB page, most of the saving of the maximum.
  if (encoding === 'br') return brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  return encoding === 'gzip' ? gzipAsync(raw, { level: 6 }) : raw;
}

/** A page document ready to send, and whether the next visitor may be given the same. */
interface DocumentAnswer {
  readonly status: number;
  readonly body: Buffer;
  readonly encoding: string | null;
  readonly serverTiming: string;
  readonly undrawn: UndrawnPageAnswer | null;
  readonly storable: boolean;
}

function documentHeaders(reply: FastifyReply, encoding: string | null): FastifyReply {
  if (encoding !== null) reply.header('content-encoding', encoding);
  return reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, cookie, user-agent')
    .type('text/html; charset=utf-8');
}

function sendAnswer(reply: FastifyReply, answer: DocumentAnswer): FastifyReply {
  if (answer.undrawn !== null) {
    reply.header('x-robots-tag', 'noindex, nofollow');
    if (answer.undrawn.retryAfterSeconds !== null)
      reply.header('retry-after', String(answer.undrawn.retryAfterSeconds));
  }
  return documentHeaders(reply, answer.encoding)
    .code(answer.status)
    .header('server-timing', answer.serverTiming)
    .send(answer.body);
}

/**
 * A document from the cache: the bytes and the headers page-document.ts set, nothing of the request
 * that drew it (the security headers and any cookie are the current request's own, set by their hooks).
 */
function sendCached(reply: FastifyReply, document: CachedPageDocument): FastifyReply {
  return documentHeaders(reply, document.encoding)
    .code(document.status)
    .header('x-page-cache', 'hit')
    .header('server-timing', 'render;dur=0;desc="cached"')
    .send(document.body);
}

/** Null when the client build has no index.html (an API-only server). */
export function createPageDocumentRenderer(
  app: FastifyInstance,
  clientDir: string,
  publicUrl: string | null,
  options: PageDocumentOptions = {},
): PageDocumentRenderer | null {
  const deadlines = options.renderDeadlineMs ?? RENDER_DEADLINE_MS;
  const counts: RenderCounts = { drawn: 0, missed: 0 };
  const origin = publicUrl === null ? null : publicUrl.replace(/\/+$/, '');
  const pageRenderer = pageRendererLoader(clientDir, app.log);
  // Loaded now rather than on the first visitor's request (the first import takes most of a second).
  void pageRenderer();
  const templatePath = join(clientDir, 'index.html');
  if (!existsSync(templatePath)) return null;
  // Read again when a new build replaces index.html (its chunk names change with it).
  let build: {
    modified: number;
    template: string;
    manifest: Manifest;
    readStyle: (href: string) => string | null;
  } | null = null;
  const currentBuild = () => {
    const modified = statSync(templatePath, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (build === null || build.modified !== modified) {
      // Documents of the previous build name its chunks: none may be sent any more.
      if (build !== null) options.cache?.clear();
      build = {
        modified,
        template: readFileSync(templatePath, 'utf8'),
        manifest: readManifest(clientDir),
        readStyle: stylesheetReader(clientDir),
      };
    }
    return build;
  };

  const answerFor = async (request: FastifyRequest, encoding: Encoding): Promise<DocumentAnswer> => {
    const { template, manifest, readStyle } = currentBuild();
    const plan = planPage(request.url);
    const renderer = await pageRenderer();
    const visitor = visitorOf(request.headers['user-agent']);
    const startedAt = performance.now();
    const cartCookie = cartCookieOfRequest(request);
    const page = await loadPage(
      renderer,
      request,
      inProcessAnswer(app, request),
      origin,
      deadlines[visitor],
      cartCookie,
    );
    const renderMs = Math.round(performance.now() - startedAt);
    const bodies = page.reads;
    // With the render's port calls in the document the app hydrates without the HTTP adapters (effect
    // and the contract): their chunk loads with the first call the record does not hold, not here.
    const modules =
      page.calls.length > 0
        ? plan.routeModules.filter((module) => module !== HTTP_ADAPTERS_MODULE)
        : plan.routeModules;
    const { scripts, styles } = chunkFiles(manifest, modules);
    const headLinks = [
      ...styles
        .filter((file) => !template.includes(`/${file}"`))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`),
      ...scripts
        .filter((file) => !template.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
    ];
    const picture = largestPictureLink(
      plan.largestPicture,
      new Map([...bodies].map(([key, read]) => [key, read.body])),
    );
    // The picture first: it is what the visitor waits for, and it is not render-blocking.
    if (picture !== null) headLinks.unshift(picture);
    const path = request.url.split('?', 1)[0] ?? '/';
    // A path no route of the app takes, or a page whose record the app did not find (an unknown
    // static page or article), is a 404 with the not-found head, not a soft 404.
    const unknownPath = renderer?.routeExists?.(path) === false || page.notFound;
    const head = unknownPath
      ? notFoundHead(path)
      : (documentHead(plan.subject, path, (apiPath) => bodies.get(readKey(apiPath))) ??
        (page.head === null ? null : drawnPageHead(page.head, path)));
    // A public page sent without its content is never offered for indexing (server/domain/undrawn-page.ts);
    // a 404 stays a 404, and a path that is noindex anyway needs nothing more.
    const undrawn =
      page.missed !== null && head?.status !== 404 && robotsForPath(path) === 'index,follow'
        ? undrawnPageAnswer(visitor)
        : null;
    if (page.markup !== null) counts.drawn += 1;
    if (undrawn !== null) {
      counts.missed += 1;
      request.log.warn(
        {
          url: request.url,
          reason: page.missed,
          visitor,
          renderMs,
          status: undrawn.status,
          pagesDrawn: counts.drawn,
          pagesMissed: counts.missed,
        },
        'page document: a public page went out without its content (noindex)',
      );
    }
    const tags = headTags(head, path, origin, undrawn?.robots);
    // The head decides the status (an unknown product is a 404): only a 200 page carries its markup.
    const markup = head === null || head.status === 200 ? page.markup : null;
    const html = inlineStylesheets(
      composeDocument(template, {
        title: tags.title,
        description: tags.description,
        headLinks: [...tags.extra, ...headLinks],
        markup,
        bootstrap: bodies.size === 0 ? null : { servedAt: Date.now(), reads: Object.fromEntries(bodies) },
        calls: { servedAt: Date.now(), calls: page.calls },
      }),
      readStyle,
    );
    const status = undrawn?.status ?? head?.status ?? 200;
    // How the page was answered and how long loading took (a browser's developer tools and
    // bench:api read it): drawn, shell (a page the browser draws), or missed-deadline / missed-failed.
    const outcome = markup !== null ? 'drawn' : page.missed !== null ? `missed-${page.missed}` : 'shell';
    return {
      status,
      body: await compress(html, encoding),
      encoding: encoding === 'identity' ? null : encoding,
      serverTiming: `render;dur=${renderMs};desc="${outcome}"`,
      undrawn,
      // Only a page drawn with all its content, answered 200, may be given to the next visitor, and
      // never one drawn with a visitor's cart lines (such a request bypasses the cache anyway).
      storable: outcome === 'drawn' && status === 200 && undrawn === null && cartCookie === null,
    };
  };

  return {
    async send(request, reply) {
      const encoding = encodingFor(request);
      const cache = options.cache;
      if (cache === undefined || !cache.enabled) return sendAnswer(reply, await answerFor(request, encoding));
      // A signed-in visitor, or any cookie the shop does not know, gets a document of their own.
      if (!anonymousCookies(request.headers.cookie)) {
        return sendAnswer(reply.header('x-page-cache', 'bypass'), await answerFor(request, encoding));
      }
      const key = pageCacheKey({
        url: request.url,
        visitor: visitorOf(request.headers['user-agent']),
        encoding,
        city: options.cityOf?.(request) ?? null,
      });
      const hit = cache.get(key);
      if (hit !== null) return sendCached(reply, hit);
      const rendered: { answer: DocumentAnswer | null } = { answer: null };
      const { document, shared } = await cache.share(key, async () => {
        const answer = await answerFor(request, encoding);
        rendered.answer = answer;
        return answer.storable
          ? {
              status: answer.status,
              body: answer.body,
              encoding: answer.encoding,
              serverTiming: answer.serverTiming,
            }
          : null;
      });
      // Waited for a render of the same page that another request started: its document is ours.
      if (shared && document !== null) return sendCached(reply, document);
      const answer = rendered.answer ?? (await answerFor(request, encoding));
      return sendAnswer(reply.header('x-page-cache', 'miss'), answer);
    },
  };
}
