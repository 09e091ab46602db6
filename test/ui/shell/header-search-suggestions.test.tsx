import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchSuggestions } from '../../../src/application/ports/catalogue.port';
import type { CallOptions } from '../../../src/application/ports/port-failure';
import { ShopShell } from '../../../src/ui/shell/shop-shell';
import { fakePorts, renderRoute } from '../routes/route-test-support';
import { createTestShop, renderWithShop } from './shop-test-support';

const SOFAS: SearchSuggestions = {
  query: 'дива',
  corrected_query: null,
  products: [
    {
      id: 1,
      slug: 'divan-osaka',
      name: 'Диван Осака',
      url: '/product/divan-osaka',
      price: 54_990,
      price_old: null,
      thumb_url: '/media/product/sofa-01-320.webp',
    },
    {
      id: 2,
      slug: 'divan-riga',
      name: 'Диван Рига',
      url: '/product/divan-riga',
      price: 41_990,
      price_old: null,
      thumb_url: null,
    },
  ],
  categories: [{ id: 7, slug: 'divany', name: 'Диваны', url: '/category/mebel/divany' }],
};

type Suggest = (q: string, options?: CallOptions) => Promise<SearchSuggestions>;

const stops: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const stop of stops.splice(0)) stop();
});

async function renderHeader(suggestSearch: Suggest) {
  const calls: { q: string; signal: AbortSignal | undefined }[] = [];
  const test = createTestShop({
    ports: {
      catalogue: {
        suggestSearch: (q, options) => {
          calls.push({ q, signal: options?.signal });
          return suggestSearch(q, options);
        },
      },
    },
  });
  stops.push(test.stop);
  const { router } = await renderWithShop(
    <ShopShell categories={[]}>
      <p>Содержимое страницы</p>
    </ShopShell>,
    test.shop,
    '/',
  );
  const header = screen.getAllByRole('banner')[0] as HTMLElement;
  const field = within(header).getByRole('combobox', { name: 'Поиск по каталогу' }) as HTMLInputElement;
  const type = (text: string) => {
    act(() => {
      fireEvent.focus(field);
      fireEvent.change(field, { target: { value: text } });
    });
  };
  const press = (key: string) => act(() => fireEvent.keyDown(field, { key }));
  const listbox = () => screen.getByRole('listbox', { name: 'Подсказки поиска' });
  return { router, field, type, press, listbox, calls };
}

describe('the header search suggestions (combobox)', () => {
  it('shows products and categories for «дива» and opens the product picked with ArrowDown + Enter', async () => {
    const { router, field, type, press, listbox, calls } = await renderHeader(async () => SOFAS);
    expect(field.getAttribute('aria-expanded')).toBe('false');
    type('дива');
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    expect(calls.map((call) => call.q)).toEqual(['дива']);
    expect(field.getAttribute('aria-controls')).toBe(listbox().id);
    expect(field.getAttribute('aria-autocomplete')).toBe('list');
    const options = within(listbox()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Диван Осака'),
      expect.stringContaining('Диван Рига'),
      expect.stringContaining('Диваны'),
    ]);
    expect(options[0]?.textContent).toMatch(/54\s990\s₽/);
    expect(options[2]?.textContent).toContain('Категория');
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);

    // Typing on keeps the list up while the next answer is awaited (no flicker).
    type('диван');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(calls.map((call) => call.q)).toEqual(['дива', 'диван']));
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));

    press('ArrowDown');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    press('Enter');
    await waitFor(() => expect(router.state.location.href).toBe('/product/divan-osaka'));
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a category with ArrowUp + Enter, and a clicked option', async () => {
    const { router, type, press, listbox } = await renderHeader(async () => SOFAS);
    type('дива');
    await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(3));
    press('ArrowUp');
    press('Enter');
    await waitFor(() => expect(router.state.location.href).toBe('/category/mebel/divany'));

    type('диван');
    await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(3));
    const second = within(listbox()).getByRole('option', { name: /Диван Рига/ });
    act(() => {
      fireEvent.mouseMove(second);
    });
    expect(second.getAttribute('aria-selected')).toBe('true');
    act(() => {
      fireEvent.mouseDown(second);
      fireEvent.click(second);
    });
    await waitFor(() => expect(router.state.location.href).toBe('/product/divan-riga'));
  });

  it('searches for the corrected query it offers', async () => {
    const { router, type, listbox } = await renderHeader(async () => ({
      ...SOFAS,
      query: 'lbdf',
      corrected_query: 'диваны',
    }));
    type('lbdf');
    const corrected = await waitFor(() =>
      within(listbox()).getByRole('option', { name: 'Возможно, вы искали: диваны' }),
    );
    act(() => fireEvent.click(corrected));
    await waitFor(() =>
      expect(router.state.location.href).toBe(
        `/search?q=${encodeURIComponent('диваны').replaceAll('%20', '+')}`,
      ),
    );
  });

  it('Enter without a highlight submits the typed query; Escape closes the list and keeps the text', async () => {
    const { router, field, type, press } = await renderHeader(async () => SOFAS);
    type('дива');
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    press('Escape');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.value).toBe('дива');
    type('диван');
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    press('Enter');
    await act(async () => {
      fireEvent.submit(field.closest('form') as HTMLFormElement);
    });
    await waitFor(() => expect(router.state.location.href).toBe(`/search?q=${encodeURIComponent('диван')}`));
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nothing is found and when the suggestions failed', async () => {
    let fail = false;
    const { field, type } = await renderHeader(async () => {
      if (fail) throw new Error('offline');
      return { query: 'zzz', corrected_query: null, products: [], categories: [] };
    });
    type('zzz');
    await waitFor(() => expect(screen.getAllByText('Ничего не найдено').length).toBeGreaterThan(0));
    expect(field.getAttribute('aria-expanded')).toBe('false');
    fail = true;
    type('zzzz');
    await waitFor(() =>
      expect(screen.getAllByText('Не удалось загрузить подсказки').length).toBeGreaterThan(0),
    );
  });

  it('asks once after typing pauses, and cancels a request when typing goes on', async () => {
    const pending: ((answer: SearchSuggestions) => void)[] = [];
    const { field, type, calls } = await renderHeader(
      (q) =>
        new Promise((resolve) => {
          pending.push((answer) => resolve({ ...answer, query: q }));
        }),
    );
    type('д');
    type('ди');
    type('див');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.q).toBe('див');
    type('дива');
    expect(calls[0]?.signal?.aborted).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => pending[1]?.(SOFAS));
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
  });
});

describe('the /search page field', () => {
  it('suggests while typing too, and Enter on a highlighted category opens it', async () => {
    const { router } = await renderRoute(
      '/search',
      fakePorts({ catalogue: { suggestSearch: async () => SOFAS } }),
    );
    const field = (await screen.findByRole('combobox', { name: 'Поиск по каталогу' })) as HTMLInputElement;
    act(() => {
      fireEvent.focus(field);
      fireEvent.change(field, { target: { value: 'дива' } });
    });
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    const listbox = screen.getByRole('listbox', { name: 'Подсказки поиска' });
    expect(field.getAttribute('aria-controls')).toBe(listbox.id);
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    act(() => fireEvent.keyDown(field, { key: 'ArrowUp' }));
    act(() => fireEvent.keyDown(field, { key: 'Enter' }));
    await waitFor(() => expect(router.state.location.href).toBe('/category/mebel/divany'));
  });
});
