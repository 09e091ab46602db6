/**
 * What the first HTML of a storefront page links in advance so the browser does not wait for one round
 * trip after another (HTML → JS → API → picture; docs/performance.md «Storefront»): the route's code
 * chunk, which picture will be the largest, and what the page is about (for its head tags).
 *
 * The API answers the document carries are not planned here: the server renderer runs the page's own
 * queries (src/application/queries, through the route loaders) and the document carries exactly the
 * reads they made (src/entry-server.tsx, page-document.ts). Only a build without the server
 * renderer falls back to the shell's reads.
 */
export type LargestPicture =
  /** The hero banner of the home page (a static file, src/ui/components/home-content.ts). */
  | { readonly kind: 'static'; readonly url: string }
  /** The first card of the product listing the page read (`/api/products?…`). */
  | { readonly kind: 'first-product-card' }
  /** The first gallery photo of the product answered by `apiPath`. */
  | { readonly kind: 'product-photo'; readonly apiPath: string };

/** What the page shows, for its head tags (page-head.ts). */
export type PageSubject =
  | { readonly kind: 'home' }
  | { readonly kind: 'product'; readonly apiPath: string }
  | {
      readonly kind: 'category';
      /** 'mebel/divany', as the categories list writes `path`. */
      readonly slugPath: string;
      readonly seoPath: string;
      /** The listing page (?page=N), 1 without one. */
      readonly page: number;
    }
  | { readonly kind: 'other' };

export interface PagePlan {
  readonly subject: PageSubject;
  /**
   * Keys of the build manifest (dist/client/.vite/manifest.json) of the route's lazily loaded
   * loader and component, preloaded together with the chunks it imports and its stylesheets.
   */
  readonly routeModules: readonly string[];
  readonly largestPicture: LargestPicture | null;
}

/**
 * The reads of the shell on every page (the session, the visitor's city and the mega menu), answered
 * in the document only when the build has no server renderer to run the app's own queries.
 */
export const SHELL_READS = ['/api/check-auth', '/api/geo', '/api/categories'] as const;

/** The HTTP adapters (effect and the api/ contract): the first read of every page waits for them. */
export const HTTP_ADAPTERS_MODULE = 'src/infrastructure/http/http-adapters.ts';

/** The home page's hero banner (the first banner of src/ui/components/home-content.ts). */
export const HOME_HERO_PICTURE = '/images/home/banner-living.svg';

/** The inspiration section has its own screens (src/ui/routes/category/vdohnovenie). */
const INSPIRATION_ROOT = 'vdohnovenie';

/** A slug segment as the catalogue writes them; anything else is not planned for. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/** ?page=N of a listing (a whole number from 2 up), else 1. */
function listingPage(query: string): number {
  const value = new URLSearchParams(query).get('page');
  if (value === null || !/^[1-9][0-9]{0,5}$/.test(value)) return 1;
  return Number(value);
}

/**
 * The route's lazily loaded code: its loader (the page's queries, which the router runs before anything
 * draws) and its component, one chunk (vite.config.ts `codeSplittingOptions`).
 */
function routeChunks(routeFile: string): readonly string[] {
  return [`src/ui/routes/${routeFile}?tsr-split=component---loader`];
}

function decodedSegments(pathname: string): string[] | null {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return segments;
}

/**
 * The plan for a page URL (path and query as the browser sent them). Total: an odd or hostile URL
 * gets the shell reads only.
 */
export function planPage(url: string): PagePlan {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  const shellOnly: PagePlan = {
    subject: { kind: 'other' },
    routeModules: [HTTP_ADAPTERS_MODULE],
    largestPicture: null,
  };
  const segments = decodedSegments(pathname);
  if (segments === null) return shellOnly;

  if (segments.length === 0) {
    return {
      subject: { kind: 'home' },
      routeModules: [HTTP_ADAPTERS_MODULE, ...routeChunks('index.tsx')],
      largestPicture: { kind: 'static', url: HOME_HERO_PICTURE },
    };
  }
  const [first, ...rest] = segments;
  if (first === 'product' && rest.length === 1 && SLUG.test(rest[0] ?? '')) {
    const productPath = `/api/products/slug/${encodeURIComponent(rest[0] ?? '')}`;
    return {
      subject: { kind: 'product', apiPath: productPath },
      routeModules: [HTTP_ADAPTERS_MODULE, ...routeChunks('product/$slug.tsx')],
      largestPicture: { kind: 'product-photo', apiPath: productPath },
    };
  }
  if (
    first === 'category' &&
    rest.length > 0 &&
    rest[0] !== INSPIRATION_ROOT &&
    rest.every((s) => SLUG.test(s))
  ) {
    const leaf = rest[rest.length - 1] ?? '';
    return {
      subject: {
        kind: 'category',
        slugPath: rest.join('/'),
        seoPath: `/api/seo/${leaf}`,
        page: listingPage(query),
      },
      routeModules: [HTTP_ADAPTERS_MODULE, ...routeChunks('category/$/route.tsx')],
      largestPicture: { kind: 'first-product-card' },
    };
  }
  const routeFile = otherRouteFile(first ?? '', rest);
  return routeFile === null
    ? shellOnly
    : { ...shellOnly, routeModules: [HTTP_ADAPTERS_MODULE, ...routeChunks(routeFile)] };
}

/** Pages with one route file of their own, by their one path segment. */
const SINGLE_SEGMENT_ROUTES: Readonly<Record<string, string>> = {
  categories: 'categories.tsx',
  search: 'search.tsx',
  cart: 'cart.tsx',
  privacy: 'privacy.tsx',
  terms: 'terms.tsx',
  consent: 'consent.tsx',
};

/**
 * The route file of the other pages the server draws (and of the cart, whose frame it draws): their
 * markup is styled by the chunk's stylesheets, so without these links it paints unstyled and jumps
 * when the app's code brings them (the search page's CLS 0.67, issue 27 session 13).
 */
function otherRouteFile(first: string, rest: readonly string[]): string | null {
  if (rest.length === 0)
    return Object.hasOwn(SINGLE_SEGMENT_ROUTES, first) ? (SINGLE_SEGMENT_ROUTES[first] ?? null) : null;
  const [second, ...more] = rest;
  if (second === undefined || !SLUG.test(second)) return null;
  if (first === 'category' && second === INSPIRATION_ROOT) {
    if (more.length === 0) return 'category/vdohnovenie/index.tsx';
    return more.length === 1 && SLUG.test(more[0] ?? '') ? 'category/vdohnovenie/$topicSlug/route.tsx' : null;
  }
  if (more.length > 0) return null;
  if (first === 'pages') return second === 'news' ? 'pages/news.tsx' : 'pages/$slug.tsx';
  if (first === 'news') return 'news/$slug.tsx';
  if (first === 'articles') return 'articles/$slug.tsx';
  return null;
}
