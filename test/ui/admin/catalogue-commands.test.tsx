import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_CATEGORIES_PORT,
  type AdminCategoriesPort,
  type AdminCategory,
} from '../../../src/application/ports/admin-categories.port';
import {
  ADMIN_CONTENT_PORT,
  type AdminContentPort,
  type AdminStyleCategory,
} from '../../../src/application/ports/admin-content.port';
import {
  ADMIN_DICTS_PORT,
  type AdminDictsPort,
  type DictionaryEntry,
} from '../../../src/application/ports/admin-dicts.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { StyleCategoriesPanel } from '../../../src/ui/admin/catalogue/content-panels';
import { ContentScreen } from '../../../src/ui/admin/catalogue/content-screen';
import { DictsScreen } from '../../../src/ui/admin/catalogue/dicts-screen';
import { provide } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { renderAdminView } from './content-test-support';

const networkDown = () => new PortFailure({ kind: 'network', message: 'fetch failed' });

const colours: DictionaryEntry[] = [
  { key: 'beige', value: 'Бежевый', sortOrder: 0, active: true, productCount: 3, source: 'products' },
];

describe('back-office commands run through the list machines of their use cases', () => {
  afterEach(cleanup);

  it('dictionaries: a failed add keeps what was typed and shows why; the retry stores it and clears the field', async () => {
    const added: string[] = [];
    let online = false;
    const dicts = strictFake<AdminDictsPort>('AdminDictsPort', {
      add: async (name, value) => {
        if (!online) throw networkDown();
        added.push(`${name}:${value}`);
        return { key: 'graphite', value, sortOrder: 1, active: true, productCount: 0, source: 'manual' };
      },
    });
    await renderAdminView(<DictsScreen name="colors" entries={colours} />, [
      provide(ADMIN_DICTS_PORT, dicts),
    ]);
    const field = screen.getByLabelText('Новое значение') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Графит' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Нет связи с сервером');
    expect(field.value).toBe('Графит');
    online = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    });
    await screen.findByText('Добавлено: «Графит».');
    expect(added).toEqual(['colors:Графит']);
    expect(field.value).toBe('');
    // The answer joins the list on screen; nothing is read again.
    expect(screen.getByLabelText('Значение «Графит»')).toBeDefined();
    expect(screen.getByText('Цвета: 2')).toBeDefined();
  });

  it('dictionaries: switching a value off sends the change and says so', async () => {
    const changes: unknown[] = [];
    const dicts = strictFake<AdminDictsPort>('AdminDictsPort', {
      update: async (name, key, change) => {
        changes.push({ name, key, change });
        return { key, value: 'Бежевый', sortOrder: 0, active: false, productCount: 3, source: 'products' };
      },
    });
    await renderAdminView(<DictsScreen name="colors" entries={colours} />, [
      provide(ADMIN_DICTS_PORT, dicts),
    ]);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('«Бежевый» в списке выбора'));
    });
    await screen.findByText('«Бежевый» скрыто из списка.');
    expect(changes).toEqual([{ name: 'colors', key: 'beige', change: { active: false } }]);
    expect((screen.getByLabelText('«Бежевый» в списке выбора') as HTMLInputElement).checked).toBe(false);
  });

  it('style categories: a refused switch shows the server text; a picture upload sends the chosen file', async () => {
    const uploads: { id: number; name: string }[] = [];
    const style: AdminStyleCategory = {
      id: 4,
      slug: 'skandi',
      name: 'Сканди',
      active: true,
      imageUrl: null,
      productCount: 2,
      version: 3,
    };
    const content = strictFake<AdminContentPort>('AdminContentPort', {
      setStyleCategoryActive: async () => {
        throw new PortFailure({
          kind: 'bad-request',
          status: 409,
          message: 'HTTP 409',
          serverMessage: 'Категорию успели изменить: обновите страницу.',
        });
      },
      uploadStyleCategoryImage: async (id, file) => {
        uploads.push({ id, name: file.name });
        return style;
      },
    });
    await renderAdminView(<StyleCategoriesPanel categories={[style]} />, [
      provide(ADMIN_CONTENT_PORT, content),
    ]);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Показывать'));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Категорию успели изменить');
    const file = new File(['png'], 'skandi.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Заменить картинку'), { target: { files: [file] } });
    });
    await waitFor(() => expect(uploads).toEqual([{ id: 4, name: 'skandi.png' }]));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('category details: linking two categories calls the port once and both show the link', async () => {
    const links: [number, number][] = [];
    const tree: AdminCategory[] = [
      {
        id: 1,
        name: 'Мебель',
        slug: 'mebel',
        active: true,
        parentId: null,
        refs: [],
        path: 'mebel',
        sortOrder: 0,
        imageUrl: null,
        productCount: 0,
        version: 1,
      },
      {
        id: 2,
        name: 'Декор',
        slug: 'dekor',
        active: true,
        parentId: null,
        refs: [],
        path: 'dekor',
        sortOrder: 1,
        imageUrl: null,
        productCount: 0,
        version: 1,
      },
    ];
    const port = strictFake<AdminCategoriesPort>('AdminCategoriesPort', {
      link: async (a, b) => {
        links.push([a, b]);
      },
    });
    await renderAdminView(
      <ContentScreen tab="categories" data={{ tree, redirects: [], seo: [], tags: [], styles: [] }} />,
      [provide(ADMIN_CATEGORIES_PORT, port)],
    );
    const row = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('Мебель'));
    if (!row) throw new Error('no row for Мебель');
    fireEvent.click(within(row).getByRole('button', { name: /связи|картинка/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Добавить связь'), { target: { value: '2' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Связать' }));
    });
    await waitFor(() => expect(links).toEqual([[1, 2]]));
    // The link is on screen at once: in the dialog and on both rows («Связи (1)»).
    await within(dialog).findByRole('button', { name: 'Убрать связь с «Декор»' });
    expect(screen.getByRole('button', { name: 'Связи (1) и картинка «Декор»', hidden: true })).toBeDefined();
  });
});
