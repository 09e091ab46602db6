/**
 * What the first HTML of a storefront page can carry so the browser does not wait for one round trip
 * after another (HTML → JS → API → picture; docs/performance.md «Storefront»): the API answers the
 * page's first render reads, the route's code chunk, and which picture will be the largest.
 *
 * The plan mirrors the browser's route loaders (src/ui/routes). It is only an optimisation: a read the
 * plan misses is simply fetched by the browser, and a read the plan names but the browser never makes
 * expires unused. `npm run bench:web` lists the API calls that still went to the network.
 */
export type LargestPicture =
  /** The hero banner of the home page (a static file, src/ui/components/home-content.ts). */
  | { readonly kind: 'static'; readonly url: string }
  /** The first card of the listing answered by `apiPath`. */
  | { readonly kind: 'first-product-card'; readonly apiPath: string }
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
   * Whether `reads` cover every loader of the page, so the server can render its markup
   * (src/ui/entry-server.tsx) without waiting for anything.
   */
  readonly renderable: boolean;
  /** API paths (with query) to answer inside the document, in the order the page asks for them. */
  readonly reads: readonly string[];
  /**
   * Keys of the build manifest (dist/client/.vite/manifest.json) of the route's lazily loaded
   * component, preloaded together with the chunks it imports and its stylesheets.
   */
  readonly routeModules: readonly string[];
  readonly largestPicture: LargestPicture | null;
}

/** The reads of the shell on every page: the session, the visitor's city and the mega menu. */
export const SHELL_READS = ['/api/check-auth', '/api/geo', '/api/categories'] as const;

/** The HTTP adapters (effect and the api/ contract): the first read of every page waits for them. */
export const HTTP_ADAPTERS_MODULE = 'src/infrastructure/http/http-adapters.ts';

/** The home page's hero banner (the first banner of src/ui/components/home-content.ts). */
export const HOME_HERO_PICTURE = '/images/home/banner-living.svg';

/** The listing size of a category page (src/ui/routes/-components/category-search.ts). */
const CATEGORY_PAGE_SIZE = 24;

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

function component(routeFile: string): string {
  return `src/ui/routes/${routeFile}?tsr-split=component`;
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
    renderable: false,
    reads: [...SHELL_READS],
    routeModules: [HTTP_ADAPTERS_MODULE],
    largestPicture: null,
  };
  const segments = decodedSegments(pathname);
  if (segments === null) return shellOnly;

  if (segments.length === 0) {
    return {
      subject: { kind: 'home' },
      renderable: true,
      reads: [...SHELL_READS, '/api/seo/home'],
      routeModules: [HTTP_ADAPTERS_MODULE, component('index.tsx')],
      largestPicture: { kind: 'static', url: HOME_HERO_PICTURE },
    };
  }
  const [first, ...rest] = segments;
  if (first === 'product' && rest.length === 1 && SLUG.test(rest[0] ?? '')) {
    const productPath = `/api/products/slug/${encodeURIComponent(rest[0] ?? '')}`;
    return {
      subject: { kind: 'product', apiPath: productPath },
      renderable: true,
      reads: [...SHELL_READS, productPath],
      routeModules: [HTTP_ADAPTERS_MODULE, component('product/$slug.tsx')],
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
    const root = rest[0] ?? '';
    const routeModules = [HTTP_ADAPTERS_MODULE, component('category/$/route.tsx')];
    const seoPath = `/api/seo/${leaf}`;
    const pageReads = [seoPath, `/api/popular-tags/${root}`];
    const subject: PageSubject = {
      kind: 'category',
      slugPath: rest.join('/'),
      seoPath,
      page: listingPage(query),
    };
    // Filters, sorting and pages are parsed by the browser (category-search.ts); only the plain
    // listing, the one links and menus lead to, is answered in the document.
    if (query !== '')
      return {
        subject,
        renderable: false,
        reads: [...SHELL_READS, ...pageReads],
        routeModules,
        largestPicture: null,
      };
    const listing = `/api/products?category=${leaf}&limit=${CATEGORY_PAGE_SIZE}&offset=0&sort=new`;
    return {
      subject,
      renderable: true,
      reads: [...SHELL_READS, listing, ...pageReads],
      routeModules,
      largestPicture: { kind: 'first-product-card', apiPath: listing },
    };
  }
  if (first === 'categories' && rest.length === 0) {
    return { ...shellOnly, routeModules: [HTTP_ADAPTERS_MODULE, component('categories.tsx')] };
  }
  return shellOnly;
}
