import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaveRequest } from '../../../src/application/machines/admin/record-form.machine';
import {
  ADMIN_CONTENT_PORT,
  type AdminContentPort,
  type AdminStyleCategory,
  type SeoTextEntry,
} from '../../../src/application/ports/admin-content.port';
import {
  ADMIN_PAGES_PORT,
  type AdminPagesPort,
  type LoadedPage,
  type PageDraft,
} from '../../../src/application/ports/admin-pages.port';
import {
  ADMIN_PROMO_PORT,
  type AdminPromoPort,
  type PromoDraft,
} from '../../../src/application/ports/admin-promo.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { SeoTextsPanel, StyleCategoriesPanel } from '../../../src/ui/admin/catalogue/content-panels';
import { PageEditorScreen } from '../../../src/ui/admin/catalogue/pages-screens';
import { PromoEditorScreen } from '../../../src/ui/admin/catalogue/promo-screens';
import { provide } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { renderAdminView } from './content-test-support';

const NO_STATS = { uses: 0, revenue: 0, discount: 0, clients: 0 };

/**
 * The back office's forms along their machines' paths (issue 25 item 5, «forms»): the view is driven
 * by events and shows each state — editing, a refusal at the field, saving, the save's answer, the move
 * to the new record's address — with use cases built from fake ports in a test container.
 */
describe('content forms follow their machines', () => {
  afterEach(cleanup);

  it('promo code: Cyrillic is explained at the field and nothing is sent; a Latin code is created and the screen moves to it', async () => {
    const saves: SaveRequest<PromoDraft>[] = [];
    const promo = strictFake<AdminPromoPort>('AdminPromoPort', {
      save: async (request) => {
        saves.push(request);
        return {
          id: request.draft.code.toUpperCase(),
          version: '1',
          draft: { ...request.draft, code: request.draft.code.toUpperCase() },
          meta: NO_STATS,
        };
      },
    });
    const { pathname } = await renderAdminView(
      <PromoEditorScreen code={null} />,
      [provide(ADMIN_PROMO_PORT, promo)],
      '/admin/promocodes/new',
    );
    const code = screen.getByLabelText('Код *') as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'лето10' } });
    expect(code.value).toBe('ЛЕТО10');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/В коде русские буквы: наберите его латиницей/)).toBeDefined();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Создать промокод' }));
    });
    // The machine refused before sending: the save bar says why, not «Не удалось сохранить…».
    await waitFor(() => expect(screen.getAllByText(/В коде русские буквы/).length).toBe(2));
    expect(screen.queryByText(/Не удалось сохранить/)).toBeNull();
    expect(saves).toEqual([]);

    fireEvent.change(code, { target: { value: 'leto10' } });
    expect(code.getAttribute('aria-invalid')).toBe('false');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Создать промокод' }));
    });
    await waitFor(() => expect(pathname()).toBe('/admin/promocodes/LETO10'));
    expect(saves.map((save) => save.draft.code)).toEqual(['LETO10']);
  });

  it('static page: a refusal keeps what was typed; the stored page (sanitised) is the form and its preview', async () => {
    let refuse = true;
    const saves: SaveRequest<PageDraft>[] = [];
    const pages = strictFake<AdminPagesPort>('AdminPagesPort', {
      save: async (request): Promise<LoadedPage> => {
        saves.push(request);
        if (refuse)
          throw new PortFailure({
            kind: 'bad-request',
            status: 409,
            message: 'HTTP 409',
            serverMessage: 'Страница с таким адресом уже есть.',
          });
        return {
          id: 31,
          version: '1',
          draft: { ...request.draft, body_html: '<p>Соберём за день.</p>' },
          meta: { storedHtml: '<p>Соберём за день.</p>', updatedAt: '2026-11-27T10:00:00.000Z' },
        };
      },
    });
    const { pathname } = await renderAdminView(
      <PageEditorScreen pageId={null} />,
      [provide(ADMIN_PAGES_PORT, pages)],
      '/admin/pages/new',
    );
    fireEvent.change(screen.getByLabelText('Заголовок *'), { target: { value: 'Сборка мебели' } });
    fireEvent.change(screen.getByLabelText('Адрес (slug) *'), { target: { value: 'sborka-mebeli' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    });
    await screen.findByText('Страница с таким адресом уже есть.');
    expect((screen.getByLabelText('Адрес (slug) *') as HTMLInputElement).value).toBe('sborka-mebeli');

    refuse = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    });
    await waitFor(() => expect(pathname()).toBe('/admin/pages/31'));
    expect(saves).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Открыть на сайте/ }).getAttribute('href')).toBe(
      '/pages/sborka-mebeli',
    );
    // The editor (loaded on first use) may show the same text too; the stored version is the preview card's.
    const storedPreview = screen.getByText('Как на сайте (сохранённая версия)').closest('section');
    expect(storedPreview).not.toBeNull();
    expect(within(storedPreview as HTMLElement).getByText('Соберём за день.')).toBeDefined();
  });

  it('SEO text: every page is offered, the picked page is read as stored, and its meta title and description are saved', async () => {
    const stored: Record<string, SeoTextEntry> = {
      home: {
        key: 'home',
        title: 'Дом и Стиль',
        html: '<p>Добро пожаловать</p>',
        meta_title: '',
        meta_description: '',
      },
    };
    const saved: SeoTextEntry[] = [];
    const content = strictFake<AdminContentPort>('AdminContentPort', {
      seoText: async (key) =>
        stored[key] ?? { key, title: '', html: '', meta_title: '', meta_description: '' },
      saveSeoText: async (entry) => {
        saved.push(entry);
        stored[entry.key] = entry;
        return entry;
      },
    });
    const entries = [
      { ...(stored.home as SeoTextEntry), label: 'Главная' },
      {
        key: 'pufy',
        title: '',
        html: '',
        meta_title: '',
        meta_description: '',
        label: 'Пуфы — /category/mebel/pufy',
      },
    ];
    await renderAdminView(<SeoTextsPanel entries={entries} />, [provide(ADMIN_CONTENT_PORT, content)]);
    const picker = screen.getByLabelText('Страница') as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      'Главная',
      'Пуфы — /category/mebel/pufy (пусто)',
    ]);
    fireEvent.change(picker, { target: { value: 'pufy' } });
    const form = await screen.findByRole('form', { name: 'SEO-текст страницы' });
    fireEvent.change(within(form).getByLabelText('Meta title'), { target: { value: 'Пуфы в Петербурге' } });
    fireEvent.change(within(form).getByLabelText('Meta description'), {
      target: { value: 'Пуфы и банкетки с доставкой за 1–3 дня.' },
    });
    expect(within(form).getByText('17 / 70')).toBeDefined();
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    });
    await within(form).findByText('Сохранено');
    expect(saved).toEqual([
      expect.objectContaining({
        key: 'pufy',
        meta_title: 'Пуфы в Петербурге',
        meta_description: 'Пуфы и банкетки с доставкой за 1–3 дня.',
      }),
    ]);
    // Back to the home page and again to «Пуфы»: the form reads what is stored now.
    fireEvent.change(picker, { target: { value: 'home' } });
    await screen.findByDisplayValue('Дом и Стиль');
    fireEvent.change(picker, { target: { value: 'pufy' } });
    expect(await screen.findByDisplayValue('Пуфы в Петербурге')).toBeDefined();
  });

  it('style categories: a new style is created and a rename is stored; each answer is the list on screen', async () => {
    let version = 1;
    const loft: AdminStyleCategory = {
      id: 7,
      slug: 'loft',
      name: 'Лофт',
      active: true,
      imageUrl: null,
      productCount: 0,
      version: 1,
    };
    const calls: string[] = [];
    const content = strictFake<AdminContentPort>('AdminContentPort', {
      createStyleCategory: async (name) => {
        calls.push(`create ${name}`);
        return { ...loft, name };
      },
      renameStyleCategory: async (id, name, expectedVersion) => {
        calls.push(`rename ${id} ${name} @${expectedVersion}`);
        version += 1;
        return { ...loft, name, version };
      },
    });
    await renderAdminView(<StyleCategoriesPanel categories={[]} />, [provide(ADMIN_CONTENT_PORT, content)]);
    const form = screen.getByRole('form', { name: 'Новая стильная категория' });
    fireEvent.change(within(form).getByLabelText('Новый стиль'), { target: { value: 'Лофт' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Создать стиль' }));
    });
    await screen.findByText('Стиль создан.');
    expect((within(form).getByLabelText('Новый стиль') as HTMLInputElement).value).toBe('');
    const name = screen.getByLabelText('Название стиля «Лофт»');
    fireEvent.change(name, { target: { value: 'Индустриальный лофт' } });
    await act(async () => {
      fireEvent.blur(name);
    });
    await screen.findByLabelText('Название стиля «Индустриальный лофт»');
    expect(calls).toEqual(['create Лофт', 'rename 7 Индустриальный лофт @1']);
  });
});
