import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTACTS } from '../../src/domain/contacts';
import type { ProductSummary } from '../../src/domain/product';
import { HomeView, type HomeViewProps, organizationJsonLd } from '../../src/ui/components/home-view';
import { renderWithRouter } from './render-with-router';

afterEach(cleanup);

const loading = { status: 'loading' } as const;

function props(overrides: Partial<HomeViewProps> = {}): HomeViewProps {
  return {
    newArrivals: loading,
    recommended: loading,
    recentlyViewed: { status: 'empty' },
    news: loading,
    inspiration: loading,
    subscribe: {},
    ...overrides,
  };
}

function linkNamed(name: string) {
  return screen.getByRole('link', { name });
}

describe('HomeView', () => {
  it('shows banner row 1 with the spec texts and targets, the first title as the only h1', async () => {
    await renderWithRouter(<HomeView {...props()} />);
    const h1 = screen.getAllByRole('heading', { level: 1 });
    expect(h1.map((h) => h.textContent)).toEqual(['Мебель, в которую влюбляются']);
    expect(screen.getByText('Коллекции, созданные для уюта и стиля вашего дома')).toBeTruthy();
    expect(linkNamed('Перейти в каталог').getAttribute('href')).toBe('/categories');
    expect(screen.getByRole('heading', { name: 'Жизнь на свежем воздухе' })).toBeTruthy();
    expect(screen.getByText('Коллекции для балконов, террас и садов.')).toBeTruthy();
    expect(linkNamed('Смотреть подборку').getAttribute('href')).toBe('/category/leto-i-dacha');
  });

  it('shows banner row 2 with the spec texts and targets', async () => {
    await renderWithRouter(<HomeView {...props()} />);
    expect(screen.getByRole('heading', { name: 'Умная техника для вашего дома' })).toBeTruthy();
    expect(screen.getByText('Надёжные помощники для кухни и дома.')).toBeTruthy();
    expect(linkNamed('Перейти').getAttribute('href')).toBe('/category/bytovaya-tehnika');
    expect(screen.getByRole('heading', { name: 'Декор, который вдохновляет' })).toBeTruthy();
    expect(screen.getByText('Вазы, светильники и стильные акценты.')).toBeTruthy();
    expect(linkNamed('Выбрать').getAttribute('href')).toBe('/category/dekor');
  });

  it('links the six category tiles to their slug paths', async () => {
    await renderWithRouter(<HomeView {...props()} />);
    const section = screen.getByRole('region', { name: 'Популярные категории' });
    const hrefs = within(section)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Кровати', '/category/mebel/krovati'],
      ['Комоды', '/category/mebel/komody'],
      ['Журнальные столики', '/category/mebel/zhurnalnye-stoliki'],
      ['Консоли', '/category/mebel/konsoli'],
      ['Кресла', '/category/mebel/kresla'],
      ['Диваны', '/category/mebel/divany'],
    ]);
  });

  it("has the consultation banner's 'Оставить заявку' button", async () => {
    let opened = 0;
    await renderWithRouter(<HomeView {...props({ onConsultationRequest: () => opened++ })} />);
    screen.getByRole('button', { name: 'Оставить заявку' }).click();
    expect(opened).toBe(1);
  });

  it("links news and inspiration 'Смотреть все' and shows the inspiration empty and error texts", async () => {
    const { unmount } = await renderWithRouter(
      <HomeView {...props({ inspiration: { status: 'ready', items: [] } })} />,
    );
    const news = screen.getByRole('region', { name: 'Новости' });
    expect(within(news).getByRole('link', { name: 'Смотреть все' }).getAttribute('href')).toBe('/pages/news');
    const inspiration = screen.getByRole('region', { name: 'Вдохновение' });
    expect(within(inspiration).getByRole('link', { name: 'Смотреть все' }).getAttribute('href')).toBe(
      '/category/vdohnovenie',
    );
    expect(within(inspiration).getByText('Пока нет материалов')).toBeTruthy();
    unmount();
    await renderWithRouter(<HomeView {...props({ inspiration: { status: 'error' } })} />);
    expect(screen.getByRole('alert').textContent).toBe('Не удалось загрузить материалы');
  });

  it('shows recently viewed only when there is something in it', async () => {
    const product: ProductSummary = {
      id: 7,
      slug: 'divan-oslo',
      name: 'Диван Осло',
      tovar_pic1_url_site: null,
      price: 49990,
      price_old: null,
      badge: null,
      width: null,
      depth: null,
      height: null,
      specs: {},
    };
    const { unmount } = await renderWithRouter(<HomeView {...props()} />);
    expect(screen.queryByRole('region', { name: 'Вы недавно смотрели' })).toBeNull();
    unmount();
    await renderWithRouter(
      <HomeView {...props({ recentlyViewed: { status: 'ready', items: [product] } })} />,
    );
    const viewed = screen.getByRole('region', { name: 'Вы недавно смотрели' });
    expect(within(viewed).getByRole('link', { name: 'Диван Осло' }).getAttribute('href')).toBe(
      '/product/divan-oslo',
    );
  });

  it('has the newsletter block with its consent unticked, naming both consent documents', async () => {
    await renderWithRouter(<HomeView {...props()} />);
    const consent = screen.getByRole('checkbox', { name: /согласие на обработку/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(
      screen.getByRole('link', { name: 'согласие на получение рекламных рассылок' }).getAttribute('href'),
    ).toBe('/pages/marketing-consent');
  });

  it('adds Organization structured data that cannot break out of its script', () => {
    const json = organizationJsonLd({ ...DEFAULT_CONTACTS, address: '</script><b>' }, 'https://shop.example');
    expect(json).not.toContain('</script>');
    const data = JSON.parse(json) as {
      '@type': string;
      telephone: string;
      address: { streetAddress: string };
    };
    expect(data['@type']).toBe('Organization');
    expect(data.telephone).toBe(DEFAULT_CONTACTS.phoneE164);
    expect(data.address.streetAddress).toBe('</script><b>');
  });
});
