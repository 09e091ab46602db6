import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { suggestSlug } from '../../../shared-rules/slug-rule';
import type { ContentTab } from '../../../src/application/admin/content/load-content-tab.query';
import {
  ADMIN_CATEGORIES_PORT,
  type AdminCategoriesPort,
  type AdminCategory,
  type CategoryRedirect,
} from '../../../src/application/ports/admin-categories.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { ContentScreen } from '../../../src/ui/admin/catalogue/content-screen';
import { provide } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { renderAdminView } from './content-test-support';

function category(
  overrides: Partial<AdminCategory> & { id: number; name: string; slug: string },
): AdminCategory {
  return {
    active: true,
    parentId: null,
    refs: [],
    path: overrides.slug,
    sortOrder: 0,
    imageUrl: null,
    productCount: 0,
    version: 1,
    ...overrides,
  };
}

/**
 * The category store behind the port, keeping what the server keeps: paths follow slugs, a slug
 * change records a 301, a category with products or subcategories is refused (409, Russian text).
 */
function memoryCategories() {
  let categories: AdminCategory[] = [
    category({ id: 1, name: 'Мебель', slug: 'mebel' }),
    category({ id: 2, name: 'Диваны', slug: 'divany', parentId: 1, path: 'mebel/divany', productCount: 4 }),
    category({ id: 3, name: 'Пуфы', slug: 'pufy', parentId: 1, path: 'mebel/pufy' }),
  ];
  let redirects: CategoryRedirect[] = [];
  let nextId = 10;
  const refuse = (serverMessage: string) =>
    new PortFailure({ kind: 'bad-request', status: 409, message: 'HTTP 409', serverMessage });
  const pathOf = (slug: string, parentId: number | null) => {
    const parent = categories.find((item) => item.id === parentId);
    return parent ? `${parent.path}/${slug}` : slug;
  };
  const port = strictFake<AdminCategoriesPort>('AdminCategoriesPort', {
    list: async () => categories,
    redirects: async () => redirects,
    createWithSlug: async ({ name, slug, parentId }) => {
      const made = category({ id: nextId++, name, slug: slug ?? suggestSlug(name), parentId });
      const stored = { ...made, path: pathOf(made.slug, parentId) };
      categories = [...categories, stored];
      return stored;
    },
    edit: async (id, { name, slug }, expectedVersion) => {
      const current = categories.find((item) => item.id === id);
      if (!current) throw new PortFailure({ kind: 'bad-request', status: 404, message: 'HTTP 404' });
      if (current.version !== expectedVersion) throw refuse('Категорию успели изменить.');
      const path = pathOf(slug, current.parentId);
      if (path !== current.path) {
        redirects = [
          ...redirects,
          {
            id: nextId++,
            fromPath: `/category/${current.path}`,
            toPath: `/category/${path}`,
            source: 'category',
            createdAt: '2026-11-23T10:00:00.000Z',
          },
        ];
      }
      const saved = { ...current, name, slug, path, version: current.version + 1 };
      categories = categories.map((item) => (item.id === id ? saved : item));
      return saved;
    },
    remove: async (id) => {
      const current = categories.find((item) => item.id === id);
      if (current && current.productCount > 0)
        throw refuse('В категории есть товары: перенесите их в другую категорию сначала.');
      if (categories.some((item) => item.parentId === id))
        throw refuse('В категории есть подкатегории: перенесите или удалите их сначала.');
      categories = categories.filter((item) => item.id !== id);
    },
    addRedirect: async (fromPath, toPath) => {
      if (redirects.some((item) => item.fromPath === fromPath)) throw refuse('Такая переадресация уже есть.');
      const made = {
        id: nextId++,
        fromPath,
        toPath,
        source: 'manual',
        createdAt: '2026-11-23T10:00:00.000Z',
      };
      redirects = [...redirects, made];
      return made;
    },
    move: async ({ id, parentId }) => {
      const current = categories.find((item) => item.id === id);
      if (!current) throw new PortFailure({ kind: 'bad-request', status: 404, message: 'HTTP 404' });
      const moved = {
        ...current,
        parentId,
        path: pathOf(current.slug, parentId),
        version: current.version + 1,
      };
      categories = categories.map((item) => (item.id === id ? moved : item));
      return categories;
    },
    setActive: async (id, active) => {
      const current = categories.find((item) => item.id === id);
      if (!current) throw new PortFailure({ kind: 'bad-request', status: 404, message: 'HTTP 404' });
      const saved = { ...current, active, version: current.version + 1 };
      categories = categories.map((item) => (item.id === id ? saved : item));
      return saved;
    },
    removeRedirect: async (id) => {
      redirects = redirects.filter((item) => item.id !== id);
    },
  });
  return { port, categories: () => categories, redirects: () => redirects };
}

/**
 * The content screen's tab as the route draws it, its use cases built from the test's category port:
 * the lists on screen are the machines' (each command's answer), nothing is reloaded.
 */
async function renderTab(port: AdminCategoriesPort, initial: readonly AdminCategory[], show: ContentTab) {
  const data = { tree: initial, redirects: [], seo: [], tags: [], styles: [] };
  return renderAdminView(<ContentScreen tab={show} data={data} />, [provide(ADMIN_CATEGORIES_PORT, port)]);
}

describe('category create, edit, delete and redirects screens', () => {
  afterEach(cleanup);

  it('suggests a transliterated slug and creates the category under the chosen parent', async () => {
    const store = memoryCategories();
    await renderTab(store.port, store.categories(), 'categories');
    const form = screen.getByRole('form', { name: 'Новая категория' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Угловые диваны' } });
    expect((within(form).getByLabelText(/Адрес \(slug\)/) as HTMLInputElement).value).toBe('uglovye-divany');
    fireEvent.change(within(form).getByLabelText('Родительская категория'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Создать категорию' }));
    });
    await within(form).findByText('Категория создана.');
    const created = store.categories().find((item) => item.name === 'Угловые диваны');
    expect(created).toMatchObject({ slug: 'uglovye-divany', parentId: 1, path: 'mebel/uglovye-divany' });
    expect((within(form).getByLabelText('Название') as HTMLInputElement).value).toBe('');
  });

  it('a bad slug typed by hand is explained and cannot be sent', async () => {
    const store = memoryCategories();
    await renderTab(store.port, store.categories(), 'categories');
    const form = screen.getByRole('form', { name: 'Новая категория' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Кресла' } });
    fireEvent.change(within(form).getByLabelText(/Адрес \(slug\)/), { target: { value: 'Кресла!' } });
    expect(within(form).getByText('Только латинские буквы, цифры и дефисы между ними')).toBeDefined();
    expect(
      (within(form).getByRole('button', { name: 'Создать категорию' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('changing the slug says which 301 will be made, and the save moves the path', async () => {
    const store = memoryCategories();
    await renderTab(store.port, store.categories(), 'categories');
    fireEvent.change(screen.getByLabelText('Категория'), { target: { value: '3' } });
    const form = screen.getByRole('form', { name: 'Изменить категорию «Пуфы»' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Пуфы и банкетки' } });
    fireEvent.change(within(form).getByLabelText('Адрес (slug)'), { target: { value: 'pufy-banketki' } });
    const notice = within(form).getByText(/будет переадресован \(301\)/);
    expect(notice.textContent).toContain('/category/mebel/pufy');
    expect(notice.textContent).toContain('/category/mebel/pufy-banketki');
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    });
    await waitFor(() =>
      expect(store.categories().find((item) => item.id === 3)).toMatchObject({
        name: 'Пуфы и банкетки',
        path: 'mebel/pufy-banketki',
        version: 2,
      }),
    );
    expect(store.redirects()).toEqual([
      expect.objectContaining({ fromPath: '/category/mebel/pufy', toPath: '/category/mebel/pufy-banketki' }),
    ]);
  });

  it('deleting asks first; a category with products is refused with the server text and stays', async () => {
    const store = memoryCategories();
    await renderTab(store.port, store.categories(), 'categories');
    fireEvent.change(screen.getByLabelText('Категория'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить категорию' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить категорию?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('В категории есть товары');
    expect(store.categories().some((item) => item.id === 2)).toBe(true);
  });

  it('deleting an empty category after confirming removes it; cancelling keeps it', async () => {
    const store = memoryCategories();
    await renderTab(store.port, store.categories(), 'categories');
    fireEvent.change(screen.getByLabelText('Категория'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить категорию' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.categories().some((item) => item.id === 3)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить категорию' }));
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    });
    await waitFor(() => expect(store.categories().some((item) => item.id === 3)).toBe(false));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Изменить категорию «Пуфы»' })).toBeNull());
  });

  it('the tree and the category commands show one tree: a move and a switch in the tree reach the pickers, a new category reaches the tree', async () => {
    const store = memoryCategories();
    await renderTab(store.port, store.categories(), 'categories');
    const tree = screen.getByRole('list', { name: 'Категории' });
    fireEvent.click(within(tree).getByRole('button', { name: 'Переместить «Пуфы» в…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Переместить «Пуфы»' });
    fireEvent.change(within(dialog).getByLabelText('Новая родительская категория'), {
      target: { value: '' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Переместить' }));
    });
    await screen.findByText(/«Пуфы» перемещена/);
    // The commands panel's picker names the moved category by its new address.
    await waitFor(() =>
      expect(
        [...(screen.getByLabelText('Категория') as HTMLSelectElement).options].map(
          (option) => option.textContent,
        ),
      ).toContain('/pufy — Пуфы'),
    );
    await act(async () => {
      fireEvent.click(within(tree).getByLabelText('Категория «Диваны» включена'));
    });
    await waitFor(() =>
      expect((within(tree).getByLabelText('Категория «Диваны» включена') as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    const form = screen.getByRole('form', { name: 'Новая категория' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Кресла' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Создать категорию' }));
    });
    await within(tree).findByText('Кресла');
  });

  it('adds a redirect by hand, keeps the typed paths when refused, and deletes one after confirming', async () => {
    const store = memoryCategories();
    await renderTab(store.port, store.categories(), 'redirects');
    const form = screen.getByRole('form', { name: 'Новая переадресация' });
    const add = async (from: string, to: string) => {
      fireEvent.change(within(form).getByLabelText('Старый адрес'), { target: { value: from } });
      fireEvent.change(within(form).getByLabelText('Новый адрес'), { target: { value: to } });
      await act(async () => {
        fireEvent.click(within(form).getByRole('button', { name: 'Добавить переадресацию' }));
      });
    };
    await add('/category/old-sofas', '/category/mebel/divany');
    await screen.findByText('/category/old-sofas');
    expect(store.redirects()).toEqual([
      expect.objectContaining({ fromPath: '/category/old-sofas', toPath: '/category/mebel/divany' }),
    ]);
    expect((within(form).getByLabelText('Старый адрес') as HTMLInputElement).value).toBe('');

    await add('/category/old-sofas', '/category/mebel');
    expect((await screen.findByRole('alert')).textContent).toContain('Такая переадресация уже есть.');
    expect((within(form).getByLabelText('Старый адрес') as HTMLInputElement).value).toBe(
      '/category/old-sofas',
    );
    expect((within(form).getByLabelText('Новый адрес') as HTMLInputElement).value).toBe('/category/mebel');

    fireEvent.click(screen.getByRole('button', { name: 'Удалить переадресацию /category/old-sofas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить переадресацию?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    });
    await waitFor(() => expect(store.redirects()).toEqual([]));
    await waitFor(() => expect(screen.queryByText('/category/old-sofas')).toBeNull());
  });
});
