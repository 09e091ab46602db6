import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaveRequest } from '../../../src/application/machines/admin/record-form.machine';
import type { AdminCategory } from '../../../src/application/ports/admin-categories.port';
import type {
  AdminProductsPort,
  LoadedProduct,
  ProductDraft,
  StockCorrection,
} from '../../../src/application/ports/admin-products.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { BLANK_PRODUCT, ProductFormScreen } from '../../../src/ui/admin/catalogue/product-form-screen';
import { renderWithRouter } from '../render-with-router';
import { strictFake } from '../routes/route-test-support';

const LONG_DESCRIPTION =
  'Диван «Осло» с независимым пружинным блоком и съёмными чехлами из рогожки: чехлы стираются при 30 градусах, каркас из массива сосны, ножки из дуба, механизм раскладки «еврокнижка» для ежедневного сна.';

const categories: AdminCategory[] = [
  {
    id: 5,
    name: 'Диваны',
    slug: 'divany',
    active: false,
    parentId: null,
    refs: [],
    path: 'divany',
    sortOrder: 0,
    imageUrl: null,
    productCount: 3,
    version: 1,
  },
];

function storedProduct(changes: Partial<ProductDraft> = {}, version = '3'): LoadedProduct {
  return {
    id: 12,
    version,
    draft: {
      ...BLANK_PRODUCT,
      sku: 'DS-000012',
      slug: 'divan-oslo',
      name: 'Диван «Осло»',
      price: 54_990,
      category_id: 5,
      stock: 0,
      seo_description: LONG_DESCRIPTION,
      ...changes,
    },
    meta: { images: [], categoryName: 'Диваны', deletedAt: null, updatedAt: '2026-11-23T10:00:00.000Z' },
  };
}

/** An in-memory product store behind the port: it keeps the record and its version like the server. */
function memoryProducts(options: { conflictOnSave?: boolean } = {}) {
  let record = storedProduct();
  const saves: SaveRequest<ProductDraft>[] = [];
  const corrections: { correction: StockCorrection; note: string }[] = [];
  const port = strictFake<AdminProductsPort>('AdminProductsPort', {
    load: async () => record,
    save: async (request) => {
      saves.push(request);
      if (options.conflictOnSave) {
        throw new PortFailure({
          kind: 'bad-request',
          status: 409,
          code: 'version_conflict',
          message: 'PATCH /api/admin/products/12: HTTP 409',
        });
      }
      record = {
        ...record,
        draft: { ...record.draft, ...request.changes },
        version: String(Number(record.version) + 1),
      };
      return record;
    },
    stockMovements: async (_id, page) => ({
      items: [
        {
          id: 2,
          delta: -1,
          reasonLabel: 'Заказ оформлен',
          balanceAfter: 0,
          orderId: 41,
          actorName: null,
          note: null,
          createdAt: '2026-11-23T10:00:00.000Z',
        },
        {
          id: 1,
          delta: 1,
          reasonLabel: 'Начальный остаток',
          balanceAfter: 1,
          orderId: null,
          actorName: null,
          note: null,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
      total: 2,
      page,
      limit: 20,
    }),
    correctStock: async (_id, correction, note) => {
      corrections.push({ correction, note });
      const stock = 'delta' in correction ? (record.draft.stock ?? 0) + correction.delta : correction.balance;
      record = { ...record, draft: { ...record.draft, stock }, version: String(Number(record.version) + 1) };
      return record;
    },
  });
  return { port, saves, corrections };
}

async function renderForm(port: AdminProductsPort) {
  await renderWithRouter(
    <ProductFormScreen productId={12} products={port} categories={categories} dictionaries={{}} />,
    '/admin/products/12',
  );
  await screen.findByRole('heading', { level: 1, name: 'Диван «Осло»' });
}

describe('product form screen', () => {
  afterEach(cleanup);

  it('explains why the product cannot be bought and previews the search result cut at 157 characters', async () => {
    const { port } = memoryProducts();
    await renderForm(port);
    const checks = screen.getByRole('heading', { name: 'Почему нельзя купить' }).closest('section');
    expect(checks?.textContent).toContain('Нет в наличии');
    expect(checks?.textContent).toContain('Категория выключена');
    expect(checks?.textContent).toContain('Нет фотографии');

    const preview = screen.getByRole('figure', { name: 'Так товар выглядит в поиске' });
    expect(preview.textContent).toContain('В выдаче будет видно первые 157 символов');
    const snippet = [...preview.querySelectorAll('span')]
      .map((node) => node.textContent ?? '')
      .find((text) => text.endsWith('…'));
    expect(snippet).toBeDefined();
    expect((snippet ?? '').length).toBeLessThanOrEqual(158);
    expect(screen.getByText('Изменений нет')).toBeDefined();
  });

  it('saves only the changed price with the version it loaded, and the check follows the form', async () => {
    const { port, saves } = memoryProducts();
    await renderForm(port);
    const checks = () =>
      screen.getByRole('heading', { name: 'Почему нельзя купить' }).closest('section')?.textContent;
    expect(checks()).toContain('Нет в наличии');
    fireEvent.change(screen.getByLabelText('Остаток, шт.'), { target: { value: '5' } });
    expect(checks()).not.toContain('Нет в наличии');
    fireEvent.change(screen.getByLabelText('Цена, ₽ *'), { target: { value: '49 990' } });
    expect(screen.getByText('Есть несохранённые изменения')).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    });
    await screen.findByText('Сохранено');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.changes).toEqual({ price: 49_990, stock: 5 });
    expect(saves[0]?.expectedVersion).toBe('3');
  });

  it('a save refused because someone else saved first offers their version or mine', async () => {
    const { port } = memoryProducts({ conflictOnSave: true });
    await renderForm(port);
    fireEvent.change(screen.getByLabelText('Цена, ₽ *'), { target: { value: '1000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    });
    await screen.findByRole('button', { name: 'Загрузить их версию' });
    expect(screen.getByRole('button', { name: 'Сохранить мою поверх' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('запись сохранил другой сотрудник');
    await waitFor(() => expect((screen.getByLabelText('Цена, ₽ *') as HTMLInputElement).value).toBe('1000'));
  });

  it('shows the stock ledger and records a manual correction; the stock field follows, a later save is no conflict', async () => {
    const { port, saves, corrections } = memoryProducts();
    await renderForm(port);
    const ledger = await screen.findByRole('table', { name: 'Движение остатков' });
    expect(ledger.textContent).toContain('Заказ оформлен');
    expect(ledger.textContent).toContain('−1');
    expect(ledger.textContent).toContain('№ 41');
    expect(ledger.textContent).toContain('Покупатель');
    fireEvent.change(screen.getByLabelText('Изменение, шт.'), { target: { value: '+3' } });
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: 'Поставка' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Записать корректировку' }));
    });
    expect(corrections).toEqual([{ correction: { delta: 3 }, note: 'Поставка' }]);
    await waitFor(() => expect((screen.getByLabelText('Остаток, шт.') as HTMLInputElement).value).toBe('3'));
    fireEvent.change(screen.getByLabelText('Цена, ₽ *'), { target: { value: '49 990' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    });
    await screen.findByText('Сохранено');
    expect(saves[0]?.changes).toEqual({ price: 49_990 });
    expect(saves[0]?.expectedVersion).toBe('4');
  });
});
