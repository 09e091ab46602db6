import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readKey } from '../../../api/page-bootstrap';
import {
  chunkFiles,
  composeDocument,
  largestPictureLink,
  PRODUCT_PHOTO_SIZES,
  scriptSafeJson,
} from '../../../server/http/page-document';
import { HOME_HERO_PICTURE, HTTP_ADAPTERS_MODULE, planPage } from '../../../server/http/page-plan';
import { BANNER_ROW_1 } from '../../../src/ui/components/home-content';
import { MAIN_IMAGE_SIZES } from '../../../src/ui/routes/-components/product-view';

describe('planPage: what a page document links in advance', () => {
  it('preloads the route chunk and the hero on home', () => {
    const home = planPage('/');
    expect(home.subject).toEqual({ kind: 'home' });
    expect(home.routeModules).toContain(HTTP_ADAPTERS_MODULE);
    // The loader and the component are one chunk (vite.config.ts `codeSplittingOptions`).
    expect(home.routeModules).toContain('src/ui/routes/index.tsx?tsr-split=component---loader');
    expect(home.largestPicture).toEqual({ kind: 'static', url: HOME_HERO_PICTURE });
  });

  it('takes the largest picture of a listing from the listing the page read, filters and page included', () => {
    for (const url of ['/category/mebel/divany', '/category/mebel?page=2&sort=price_asc']) {
      expect(planPage(url).largestPicture).toEqual({ kind: 'first-product-card' });
    }
    expect(planPage('/category/mebel/divany?page=3').subject).toEqual({
      kind: 'category',
      slugPath: 'mebel/divany',
      seoPath: '/api/seo/divany',
      page: 3,
    });
  });

  it('plans nothing particular for the inspiration section and odd paths', () => {
    for (const url of [
      '/category/vdohnovenie/uyut',
      '/product/%E0%A4%A',
      '/product/a/b',
      '/product/<script>',
    ]) {
      expect(planPage(url)).toMatchObject({ subject: { kind: 'other' }, largestPicture: null });
    }
  });

  /** A page of every route the server draws (and the cart, whose frame it draws), by route file. */
  const DRAWN_PAGES: Readonly<Record<string, string>> = {
    'index.tsx': '/',
    'categories.tsx': '/categories',
    'category/$/route.tsx': '/category/mebel/divany?page=2',
    'category/vdohnovenie/index.tsx': '/category/vdohnovenie',
    'category/vdohnovenie/$topicSlug/route.tsx': '/category/vdohnovenie/uyut',
    'product/$slug.tsx': '/product/divan-komfort',
    'search.tsx': '/search?q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD',
    'cart.tsx': '/cart',
    'pages/news.tsx': '/pages/news',
    'pages/$slug.tsx': '/pages/dostavka',
    'news/$slug.tsx': '/news/otkrytie-salona',
    'articles/$slug.tsx': '/articles/kak-vybrat-divan',
    'privacy.tsx': '/privacy',
    'terms.tsx': '/terms',
    'consent.tsx': '/consent',
  };

  it('links the route chunk (and so its stylesheets) of every page the server draws', () => {
    // Without the chunk's stylesheets the drawn markup paints unstyled and jumps when the app's code
    // brings them: the search page's CLS 0.67 in bench:web (issue 27, session 13).
    const drawnRouteFiles = readdirSync('src/ui/routes', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) => readFileSync(join('src/ui/routes', file), 'utf8').includes('drawnOnServer: true'))
      .map((file) => file.split(sep).join('/'));
    expect(drawnRouteFiles.length).toBeGreaterThan(10);
    for (const file of drawnRouteFiles) expect(Object.keys(DRAWN_PAGES), file).toContain(file);
    for (const [file, url] of Object.entries(DRAWN_PAGES)) {
      expect(planPage(url).routeModules, url).toContain(`src/ui/routes/${file}?tsr-split=component---loader`);
    }
  });

  it('plans the product by slug with its photo', () => {
    const plan = planPage('/product/divan-komfort');
    expect(plan.subject).toEqual({ kind: 'product', apiPath: '/api/products/slug/divan-komfort' });
    expect(plan.largestPicture).toEqual({
      kind: 'product-photo',
      apiPath: '/api/products/slug/divan-komfort',
    });
  });

  it('is total: any URL gets a plan whose API paths are API paths', () => {
    fc.assert(
      fc.property(fc.string(), (tail) => {
        const plan = planPage(`/${tail}`);
        const { subject } = plan;
        if (subject.kind === 'product') expect(subject.apiPath.startsWith('/api/')).toBe(true);
        if (subject.kind === 'category') expect(subject.seoPath.startsWith('/api/seo/')).toBe(true);
        expect(plan.routeModules).toContain(HTTP_ADAPTERS_MODULE);
      }),
    );
  });

  it('agrees with the browser views it stands for', () => {
    expect(PRODUCT_PHOTO_SIZES).toBe(MAIN_IMAGE_SIZES);
    expect(HOME_HERO_PICTURE).toBe(BANNER_ROW_1[0].image);
  });
});

describe('readKey', () => {
  it('does not depend on the order of the query parameters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 6 }),
        fc.func(fc.integer()),
        (params, order) => {
          const shuffled = [...params].sort((a, b) => order(a) - order(b));
          const a = readKey(`/api/x?${new URLSearchParams(params).toString()}`);
          const b = readKey(`/api/x?${new URLSearchParams(shuffled).toString()}`);
          expect(a).toBe(b);
          expect(readKey(a)).toBe(a);
        },
      ),
    );
  });
});

describe('the page document', () => {
  it('puts nothing into the script element that could end it', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const json = scriptSafeJson({ value: `${value}</script><!--` });
        expect(json).not.toMatch(/[<>]/);
        expect(JSON.parse(json)).toEqual({ value: `${value}</script><!--` });
      }),
    );
  });

  it('inserts the links and the answers into the template', () => {
    const html = composeDocument('<html><head></head><body><div id="root"></div></body></html>', {
      headLinks: ['<link rel="modulepreload" href="/assets/a.js">'],
      bootstrap: {
        servedAt: 1,
        reads: { '/api/geo': { status: 200, body: { city: null }, reusable: true } },
      },
    });
    expect(html).toContain('<link rel="modulepreload" href="/assets/a.js"></head>');
    expect(html).toContain('<script type="application/json" id="shop-bootstrap">{"servedAt":1,"reads"');
  });

  it('walks the manifest: imports before the chunk, each once, with styles', () => {
    const manifest = {
      'route.tsx': { file: 'assets/route.js', imports: ['_app.js', '_card.js'], css: ['assets/route.css'] },
      '_card.js': { file: 'assets/card.js', imports: ['_app.js'] },
      '_app.js': { file: 'assets/app.js' },
    };
    expect(chunkFiles(manifest, ['route.tsx', 'missing'])).toEqual({
      scripts: ['assets/app.js', 'assets/card.js', 'assets/route.js'],
      styles: ['assets/route.css'],
    });
  });

  it('preloads the largest picture from the answers, and nothing from a hostile answer', () => {
    const product = '/api/products/slug/x';
    const bodies = new Map<string, unknown>([
      [
        product,
        {
          images: [
            {
              url: '/media/p-640.webp',
              sources: [
                { url: '/media/p-320.webp', width: 320 },
                { url: '/media/p-640.webp', width: 640 },
              ],
            },
          ],
        },
      ],
    ]);
    const link = largestPictureLink({ kind: 'product-photo', apiPath: product }, bodies);
    expect(link).toContain('imagesrcset="/media/p-320.webp 320w, /media/p-640.webp 640w"');
    expect(link).toContain('fetchpriority="high"');
    const hostile = new Map<string, unknown>([[product, { images: [{ url: 'javascript:alert(1)' }] }]]);
    expect(largestPictureLink({ kind: 'product-photo', apiPath: product }, hostile)).toBeNull();
    const quoted = new Map<string, unknown>([
      ['/api/products?a=1', { items: [{ tovar_pic1_url_site: '/m/"><script>.webp' }] }],
    ]);
    expect(largestPictureLink({ kind: 'first-product-card' }, quoted)).not.toContain('"><script>');
  });
});
