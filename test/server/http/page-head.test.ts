import { describe, expect, it } from 'vitest';
import {
  documentHead,
  HOME_DESCRIPTION,
  HOME_TITLE,
  headTags,
  SHOP_NAME,
} from '../../../server/http/page-head';
import { planPage } from '../../../server/http/page-plan';
import { HOME_HEAD } from '../../../src/ui/components/home-content';
import { SHOP_NAME as BROWSER_SHOP_NAME } from '../../../src/ui/components/logo';

const CATEGORIES = [
  { id: 1, name: 'Мебель', slug: 'mebel', path: 'mebel', description: 'Мебель для всего дома.' },
  { id: 2, name: 'Диваны', slug: 'divany', path: 'mebel/divany', image: { url: '/media/divany-640.webp' } },
];

function reads(entries: Record<string, { status: number; body: unknown }>) {
  return (apiPath: string) => entries[apiPath];
}

describe('documentHead', () => {
  it('agrees with the browser on the shop name and the home head', () => {
    expect(SHOP_NAME).toBe(BROWSER_SHOP_NAME);
    expect(HOME_TITLE).toBe(HOME_HEAD.title);
    expect(HOME_DESCRIPTION).toBe(HOME_HEAD.description);
  });

  it("takes the home page's meta title and description from its SEO text, else its own", () => {
    const home = planPage('/').subject;
    expect(documentHead(home, '/', reads({}))).toMatchObject({
      title: HOME_TITLE,
      description: HOME_DESCRIPTION,
    });
    expect(
      documentHead(
        home,
        '/',
        reads({
          '/api/seo/home': {
            status: 200,
            body: {
              key: 'home',
              title: '',
              html: '',
              meta_title: 'Дом и Стиль в Петербурге',
              meta_description: 'Мебель с доставкой.',
            },
          },
        }),
      ),
    ).toMatchObject({ title: 'Дом и Стиль в Петербурге', description: 'Мебель с доставкой.' });
  });

  it('titles a product page with the product and cuts its description', () => {
    const plan = planPage('/product/divan-verona');
    const head = documentHead(
      plan.subject,
      '/product/divan-verona',
      reads({
        '/api/products/slug/divan-verona': {
          status: 200,
          body: {
            name: 'Диван «Верона»',
            slug: 'divan-verona',
            description: 'Слово '.repeat(60),
            images: [{ url: '/media/v-640.webp' }],
          },
        },
      }),
    );
    expect(head).toMatchObject({
      title: 'Диван «Верона»',
      robots: 'index,follow',
      type: 'product',
      status: 200,
    });
    expect(head?.description.length).toBeLessThanOrEqual(158);
    expect(head?.description.endsWith('…')).toBe(true);
    expect(head?.image).toBe('/media/v-640.webp');
  });

  it('answers 404 with noindex for an unknown product or category', () => {
    const product = planPage('/product/none');
    expect(
      documentHead(
        product.subject,
        '/product/none',
        reads({ '/api/products/slug/none': { status: 404, body: {} } }),
      ),
    ).toMatchObject({ status: 404, robots: 'noindex,nofollow' });
    const category = planPage('/category/mebel/none');
    expect(
      documentHead(
        category.subject,
        '/category/mebel/none',
        reads({ '/api/categories': { status: 200, body: CATEGORIES } }),
      ),
    ).toMatchObject({ status: 404, robots: 'noindex,nofollow' });
  });

  it('titles a category from its SEO meta title and description, with a canonical that keeps only the page number', () => {
    const plan = planPage('/category/mebel/divany?page=3&sort=price_asc');
    const head = documentHead(
      plan.subject,
      '/category/mebel/divany',
      reads({
        '/api/categories': { status: 200, body: CATEGORIES },
        '/api/seo/divany': {
          status: 200,
          body: {
            key: 'divany',
            title: 'О диванах',
            html: '',
            meta_title: 'Диваны в Петербурге',
            meta_description: 'Диваны с доставкой по Петербургу за 1–3 дня.',
          },
        },
      }),
    );
    expect(head).toMatchObject({
      title: 'Диваны в Петербурге',
      description: 'Диваны с доставкой по Петербургу за 1–3 дня.',
      canonicalPath: '/category/mebel/divany?page=3',
      image: '/media/divany-640.webp',
    });
  });

  it('an empty SEO text leaves the category its name and default description', () => {
    const plan = planPage('/category/mebel/divany');
    const head = documentHead(
      plan.subject,
      '/category/mebel/divany',
      reads({
        '/api/categories': { status: 200, body: CATEGORIES },
        '/api/seo/divany': {
          status: 200,
          body: { key: 'divany', title: 'О диванах', html: '', meta_title: '', meta_description: '' },
        },
      }),
    );
    expect(head).toMatchObject({
      title: 'Диваны',
      description: 'Диваны в магазине «Дом и Стиль»: цены, размеры и фото.',
    });
  });

  it('keeps the defaults when the answers are missing', () => {
    expect(documentHead(planPage('/product/x').subject, '/product/x', reads({}))).toBeNull();
    expect(documentHead(planPage('/category/mebel').subject, '/category/mebel', reads({}))).toBeNull();
  });
});

describe('headTags', () => {
  it('escapes what comes from the catalogue', () => {
    const tags = headTags(
      {
        title: 'Стол "Лофт" <b>',
        description: 'A & B',
        robots: 'index,follow',
        canonicalPath: '/product/stol',
        image: '/media/s.webp',
        type: 'product',
        status: 200,
      },
      '/product/stol',
      'https://shop.example',
    );
    expect(tags.title).toBe('Стол &quot;Лофт&quot; &lt;b&gt; — Дом и Стиль');
    expect(tags.description).toBe('A &amp; B');
    expect(tags.extra).toContain('<link rel="canonical" href="https://shop.example/product/stol">');
    expect(tags.extra).toContain('<meta property="og:image" content="https://shop.example/media/s.webp">');
  });

  it('writes robots for any path and no canonical without a public address', () => {
    const tags = headTags(null, '/checkout', null);
    expect(tags).toEqual({
      title: null,
      description: null,
      extra: ['<meta name="robots" content="noindex,nofollow">'],
    });
  });
});
