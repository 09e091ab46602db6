import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductListQuery } from '../../../src/application/ports/catalogue.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { PAGE_LOAD_ERROR } from '../../../src/ui/routes/-components/route-error';
import { VOICE_UNSUPPORTED_MESSAGE } from '../../../src/ui/routes/-components/voice-search';
import {
  CATEGORIES,
  fakePorts,
  product,
  productDetail,
  productPage,
  renderRoute,
} from './route-test-support';

afterEach(cleanup);

const notFound = (message: string) => new PortFailure({ kind: 'bad-request', status: 404, message });

describe('/category/$ — a category listing with its filters in the URL', () => {
  it('lists the category products with facet counts, breadcrumbs and the page head', async () => {
    const listProducts = vi.fn(async (_query?: ProductListQuery) => productPage([product()], 42));
    const ports = fakePorts({
      catalogue: {
        listCategories: async () => CATEGORIES,
        listProducts,
        seoText: async () => ({
          key: 'divany',
          title: 'Диваны — купить',
          html: '<p>Диваны на любой вкус.</p>',
          meta_title: 'Диваны — купить',
          meta_description: '',
        }),
        popularTags: async () => [{ label: 'Угловые диваны', href: '/category/mebel/divany/uglovye-divany' }],
      },
    });
    await renderRoute('/category/mebel/divany', ports);

    expect(await screen.findByRole('heading', { level: 1, name: 'Диваны' })).toBeTruthy();
    expect(screen.getByText('42 товара')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Хлебные крошки' });
    expect(within(crumbs).getByRole('link', { name: 'Мебель' }).getAttribute('href')).toBe('/category/mebel');
    expect(screen.getByRole('checkbox', { name: /Велюр/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /^Велюр,\s*8 шт\.$/ })).toBeTruthy();
    expect(screen.getByText('Диваны на любой вкус.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Популярные запросы' })).toBeTruthy();
    expect(listProducts).toHaveBeenCalledWith(
      expect.objectContaining({ category: 'divany', sort: 'new', limit: 24, offset: 0 }),
      expect.anything(),
    );
    await waitFor(() => expect(document.title).toBe('Диваны — купить — Дом и Стиль'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index,follow');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost:3000/category/mebel/divany',
    );
  });

  it('reads filters, sort and page from the URL and writes a picked filter back into it', async () => {
    const listProducts = vi.fn(async (_query?: ProductListQuery) => productPage([product()], 60));
    const ports = fakePorts({
      catalogue: {
        listCategories: async () => CATEGORIES,
        listProducts,
        seoText: async () => Promise.reject(notFound('no seo')),
        popularTags: async () => [],
      },
    });
    const { router } = await renderRoute(
      '/category/mebel/divany?sort=%22price_asc%22&page=2&price_max=100000',
      ports,
    );
    await screen.findByRole('heading', { level: 1, name: 'Диваны' });
    expect(listProducts).toHaveBeenLastCalledWith(
      expect.objectContaining({ sort: 'price_asc', offset: 24, price_max: 100_000, material: [] }),
      expect.anything(),
    );
    expect((screen.getByRole('combobox', { name: 'Сортировка' }) as HTMLSelectElement).value).toBe(
      'price_asc',
    );
    expect(screen.getByRole('link', { name: 'Страница 2' }).getAttribute('aria-current')).toBe('page');

    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: /Велюр/ }));
    });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        sort: 'price_asc',
        price_max: 100_000,
        material: ['Велюр'],
      }),
    );
    await waitFor(() =>
      expect(listProducts).toHaveBeenLastCalledWith(
        expect.objectContaining({ material: ['Велюр'], offset: 0 }),
        expect.anything(),
      ),
    );
    expect(((await screen.findByRole('checkbox', { name: /Велюр/ })) as HTMLInputElement).checked).toBe(true);

    const [reset] = await screen.findAllByRole('button', { name: 'Сбросить фильтры' });
    await act(async () => {
      fireEvent.click(reset as HTMLElement);
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'price_asc' }));
  });

  it('shows the not-found page for a path that is no category, without listing products', async () => {
    const ports = fakePorts({ catalogue: { listCategories: async () => CATEGORIES } });
    await renderRoute('/category/mebel/net-takoy', ports);
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeTruthy();
  });

  it('shows a Russian error with a retry when the catalogue cannot be reached, and retries', async () => {
    let calls = 0;
    const ports = fakePorts({
      catalogue: {
        listCategories: async () => {
          calls += 1;
          if (calls === 1) throw new PortFailure({ kind: 'network', message: 'offline' });
          return CATEGORIES;
        },
      },
    });
    await renderRoute('/categories', ports);
    expect(await screen.findByRole('heading', { name: PAGE_LOAD_ERROR.title })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: PAGE_LOAD_ERROR.retry }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Каталог товаров' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Диваны' }).getAttribute('href')).toBe('/category/mebel/divany');
  });
});

describe('/product/$slug', () => {
  it('shows price, old price, discount, specs with labels, JSON-LD and the recommendations', async () => {
    const ports = fakePorts({
      catalogue: {
        productBySlug: async () => productDetail(),
        recommendationsByCollection: async () => [
          product({ id: 7, slug: 'kreslo', name: 'Кресло «Селангор»' }),
        ],
        recommendationsByStyle: async () => [product({ id: 8, slug: 'stol', name: 'Стол «Бохо»' })],
      },
    });
    await renderRoute('/product/divan-verona', ports);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Диван «Верона» модульный, велюр, серый' }),
    ).toBeTruthy();
    expect(screen.getByText('−33%')).toBeTruthy();
    expect(screen.getByText('Артикул: DS-000109')).toBeTruthy();
    const specs = screen.getByLabelText('Характеристики');
    expect(within(specs).getByText('Материал')).toBeTruthy();
    expect(within(specs).getByText('Цвет')).toBeTruthy();
    const photo = screen.getByRole('img', { name: 'Угловой диван «Селангор»' });
    expect(photo.getAttribute('srcset')).toBe(
      '/media/product/sofa-02-320.webp 320w, /media/product/sofa-02-640.webp 640w',
    );
    expect(photo.getAttribute('fetchpriority')).toBe('high');
    expect(photo.getAttribute('width')).toBe('1024');
    expect(await screen.findByRole('heading', { name: 'Из этой коллекции' })).toBeTruthy();
    expect(await screen.findByText('Стол «Бохо»')).toBeTruthy();
    // Cart and favourites are owned by their machines: without a provider the buttons are inert.
    expect((screen.getByRole('button', { name: 'В корзину' }) as HTMLButtonElement).disabled).toBe(true);
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
      JSON.parse(script.textContent ?? 'null'),
    );
    expect(jsonLd.map((data) => data['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(jsonLd[0].offers).toMatchObject({ priceCurrency: 'RUB', price: 208_590 });
  });

  it('hands add-to-cart and favourites to the cart and favourites actions, holding no state itself', async () => {
    const onAddToCart = vi.fn();
    const onToggleFavourite = vi.fn();
    const actions = {
      isFavourite: (id: number) => id === 1,
      inCartFeedback: () => false,
      onAddToCart,
      onToggleFavourite,
    };
    const ports = fakePorts({
      catalogue: {
        productBySlug: async () => productDetail(),
        recommendationsByCollection: async () => [],
        recommendationsByStyle: async () => [],
      },
    });
    await renderRoute('/product/divan-verona', ports, actions);
    fireEvent.click(await screen.findByRole('button', { name: 'В корзину' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ id: 1, slug: 'divan-verona' }));
    const favourite = screen.getByRole('button', { name: 'В избранном' });
    expect(favourite.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(favourite);
    expect(onToggleFavourite).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('records the visit once when the page shows a product (recently viewed), not on re-renders', async () => {
    const onProductViewed = vi.fn();
    const actions = {
      isFavourite: () => false,
      inCartFeedback: () => false,
      onAddToCart: vi.fn(),
      onToggleFavourite: vi.fn(),
      onProductViewed,
    };
    const ports = fakePorts({
      catalogue: {
        productBySlug: async (slug: string) =>
          productDetail(slug === 'kreslo' ? { id: 2, slug: 'kreslo', name: 'Кресло' } : {}),
        recommendationsByCollection: async () => [],
        recommendationsByStyle: async () => [],
      },
    });
    const { router } = await renderRoute('/product/divan-verona', ports, actions);
    await screen.findByRole('button', { name: 'В корзину' });
    fireEvent.click(screen.getByRole('button', { name: 'В корзину' }));
    expect(onProductViewed.mock.calls).toEqual([[1]]);
    await act(async () => {
      await router.navigate({ to: '/product/$slug', params: { slug: 'kreslo' } });
    });
    await screen.findByRole('heading', { level: 1, name: 'Кресло' });
    expect(onProductViewed.mock.calls).toEqual([[1], [2]]);
  });

  it('maps a 404 from the catalogue to the not-found page', async () => {
    const ports = fakePorts({
      catalogue: { productBySlug: async () => Promise.reject(notFound('no product')) },
    });
    await renderRoute('/product/net-takogo', ports);
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeTruthy();
  });
});

describe('/search', () => {
  it('shows the corrected query and the results of a query in the wrong keyboard layout', async () => {
    const search = vi.fn(async ({ q }: { q: string }) => ({
      query: q,
      corrected_query: 'диван',
      items: [product()],
      total: 1,
      page: 1,
      limit: 50,
    }));
    await renderRoute('/search?q=lbdfy', fakePorts({ catalogue: { search } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Результаты поиска: «lbdfy»' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Показаны результаты по запросу «диван»');
    expect(screen.getByText('Найдено: 1 товар')).toBeTruthy();
    expect(search).toHaveBeenCalledWith({ q: 'lbdfy', page: 1, limit: 50 }, expect.anything());
  });

  it('shows the empty state when nothing matches', async () => {
    const search = async ({ q }: { q: string }) => ({
      query: q,
      corrected_query: null,
      items: [],
      total: 0,
      page: 1,
      limit: 50,
    });
    await renderRoute('/search?q=qqqzzz', fakePorts({ catalogue: { search } }));
    expect(await screen.findByRole('heading', { name: 'Ничего не найдено' })).toBeTruthy();
  });

  it('alerts the spec text where voice search is unsupported', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await renderRoute('/search', fakePorts({ speech: { isSupported: () => false } }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Голосовой поиск' }));
    });
    expect(alert).toHaveBeenCalledWith(VOICE_UNSUPPORTED_MESSAGE);
    alert.mockRestore();
  });

  it('searches for the final transcript of voice search', async () => {
    const search = vi.fn(async ({ q }: { q: string }) => ({
      query: q,
      corrected_query: null,
      items: [product()],
      total: 1,
      page: 1,
      limit: 50,
    }));
    const { router } = await renderRoute(
      '/search',
      fakePorts({
        catalogue: { search },
        speech: {
          isSupported: () => true,
          listen: (onEvent) => {
            queueMicrotask(() => {
              onEvent({ type: 'speech.result', transcript: 'кресло', isFinal: true });
              onEvent({ type: 'speech.ended' });
            });
            return { status: 'listening', stop: () => undefined };
          },
        },
      }),
    );
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Голосовой поиск' }));
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'кресло' }));
    await waitFor(() =>
      expect(search).toHaveBeenCalledWith({ q: 'кресло', page: 1, limit: 50 }, expect.anything()),
    );
  });
});

describe('content routes', () => {
  it('renders a static page at /pages/$slug and at /privacy', async () => {
    const bySlug = vi.fn(async (slug: string) => ({
      id: 1,
      slug,
      title: slug === 'privacy' ? 'Политика конфиденциальности' : 'Доставка',
      meta_description: 'Описание страницы',
      body_html: '<p>Текст страницы.</p>',
      updated_at: '2026-01-01',
    }));
    await renderRoute('/pages/delivery', fakePorts({ pages: { bySlug } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Доставка' })).toBeTruthy();
    cleanup();
    await renderRoute('/privacy', fakePorts({ pages: { bySlug } }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' }),
    ).toBeTruthy();
    expect(bySlug.mock.calls.map(([slug]) => slug)).toEqual(['delivery', 'privacy']);
  });

  it('asks the API for any page slug (a manager adds pages) and shows the not-found page when it has none', async () => {
    const bySlug = vi.fn(async () => Promise.reject(notFound('no page')));
    await renderRoute('/pages/admin-secrets', fakePorts({ pages: { bySlug } }));
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeTruthy();
    expect(bySlug).toHaveBeenCalledWith('admin-secrets', expect.anything());
  });

  it('shows the not-found page for a slug that cannot be a page address, without asking the API', async () => {
    const bySlug = vi.fn();
    await renderRoute('/pages/Admin_Secrets', fakePorts({ pages: { bySlug } }));
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeTruthy();
    expect(bySlug).not.toHaveBeenCalled();
  });

  it('takes /category/vdohnovenie before the generic category route and lists inspiration', async () => {
    const list = vi.fn(async () => ({
      items: [
        {
          id: 2,
          slug: 'kak-vybrat-divan',
          type: 'inspiration' as const,
          topic_slug: 'idei-dlya-gostinoy',
          title: 'Как выбрать диван для гостиной',
          excerpt: 'Пять вопросов перед покупкой.',
          image: null,
          published_at: '2026-03-12T10:00:00Z',
        },
      ],
      total: 1,
      limit: 12,
      offset: 0,
    }));
    const ports = fakePorts({
      news: {
        list,
        inspirationTopics: async () => [
          { slug: 'idei-dlya-gostinoy', name: 'Идеи для гостиной', description: '' },
        ],
      },
    });
    await renderRoute('/category/vdohnovenie/idei-dlya-gostinoy', ports);
    expect(await screen.findByRole('heading', { level: 1, name: 'Идеи для гостиной' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Как выбрать диван для гостиной' }).getAttribute('href')).toBe(
      '/articles/kak-vybrat-divan',
    );
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'inspiration', topic: 'idei-dlya-gostinoy' }),
      expect.anything(),
    );
  });

  it('shows the not-found page for an unknown inspiration topic and an unknown news item', async () => {
    await renderRoute(
      '/category/vdohnovenie/net-temy',
      fakePorts({ news: { inspirationTopics: async () => [] } }),
    );
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeTruthy();
    cleanup();
    await renderRoute(
      '/news/net-novosti',
      fakePorts({ news: { bySlug: async () => Promise.reject(notFound('x')) } }),
    );
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeTruthy();
  });
});
