import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { productFormChart } from '../../../src/application/admin/products/product-form.machine';
import type { SaveRequest } from '../../../src/application/machines/admin/record-form.machine';
import type { AdminCategory } from '../../../src/application/ports/admin-categories.port';
import {
  ADMIN_PRODUCTS_PORT,
  type AdminProductsPort,
  type LoadedProduct,
  type ProductDraft,
  type ProductImagesChange,
  type StockCorrection,
} from '../../../src/application/ports/admin-products.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { BLANK_PRODUCT, ProductFormScreen } from '../../../src/ui/admin/catalogue/product-form-screen';
import { provide } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { type Deferred, deferredCalls, renderAdminView } from './catalogue-test-support';

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
  await renderAdminView(
    <ProductFormScreen productId={12} categories={categories} dictionaries={{}} />,
    [provide(ADMIN_PRODUCTS_PORT, port)],
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

  it('reads and saves the delivery fields: item class, packed size, weight, boxes, assembly (issue 23)', async () => {
    const { port, saves } = memoryProducts();
    await renderForm(port);
    const itemClass = screen.getByLabelText('Класс товара') as HTMLSelectElement;
    expect(itemClass.value).toBe('');
    expect([...itemClass.options].map((option) => option.text)).toContain('Угловой диван');
    fireEvent.change(itemClass, { target: { value: 'corner_sofa' } });
    fireEvent.change(screen.getByLabelText('Упаковка: ширина, см'), { target: { value: '260' } });
    fireEvent.change(screen.getByLabelText('Упаковка: глубина, см'), { target: { value: '95' } });
    fireEvent.change(screen.getByLabelText('Упаковка: высота, см'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Вес в упаковке, кг'), { target: { value: '84,5' } });
    fireEvent.change(screen.getByLabelText('Кол-во коробок'), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('Сборка возможна'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    });
    await screen.findByText('Сохранено');
    expect(saves[0]?.changes).toEqual({
      item_class: 'corner_sofa',
      packed_width: 260,
      packed_depth: 95,
      packed_height: 80,
      packed_weight: 84.5,
      packed_boxes: 3,
      assembly_available: true,
    });
    // The saved record is what the form shows now.
    expect((screen.getByLabelText('Класс товара') as HTMLSelectElement).value).toBe('corner_sofa');
    expect((screen.getByLabelText('Вес в упаковке, кг') as HTMLInputElement).value).toBe('84,5');
    expect((screen.getByLabelText('Сборка возможна') as HTMLInputElement).checked).toBe(true);
  });

  it('reads and saves the availability source: склад, шоурум, поставщик N дней, под заказ N–M дней (issue 23)', async () => {
    const { port, saves } = memoryProducts();
    await renderForm(port);
    const source = screen.getByLabelText('Источник наличия') as HTMLSelectElement;
    expect(source.value).toBe('warehouse');
    expect([...source.options].map((option) => option.text)).toEqual([
      'В шоуруме',
      'На складе',
      'От поставщика',
      'Под заказ',
    ]);
    expect(screen.queryByLabelText('Срок поставщика, раб. дн.')).toBeNull();

    fireEvent.change(source, { target: { value: 'made_to_order' } });
    fireEvent.change(screen.getByLabelText('Изготовление от, раб. дн.'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Изготовление до, раб. дн.'), { target: { value: '20' } });
    // The shared rule's own words, before the server's 422 says the same.
    expect(screen.getByText('Срок изготовления «от» не может быть больше срока «до».')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Изготовление до, раб. дн.'), { target: { value: '45' } });
    expect(screen.queryByText('Срок изготовления «от» не может быть больше срока «до».')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    });
    await screen.findByText('Сохранено');
    expect(saves[0]?.changes).toEqual({
      availability_source: 'made_to_order',
      availability_min_days: 30,
      availability_max_days: 45,
    });

    // Switching to a supplier keeps its days and drops the made-to-order «до».
    fireEvent.change(screen.getByLabelText('Источник наличия'), { target: { value: 'supplier' } });
    expect((screen.getByLabelText('Срок поставщика, раб. дн.') as HTMLInputElement).value).toBe('30');
    fireEvent.change(screen.getByLabelText('Срок поставщика, раб. дн.'), { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    });
    await screen.findByText('Сохранено');
    expect(saves[1]?.changes).toEqual({
      availability_source: 'supplier',
      availability_min_days: 5,
      availability_max_days: null,
    });
  });
});

describe('product form: photos before the first save, each characteristic named once', () => {
  afterEach(cleanup);

  it('stages photos on a new product and uploads them to it once «Создать товар» stores it', async () => {
    const saves: SaveRequest<ProductDraft>[] = [];
    const uploads: { id: number; name: string }[] = [];
    const created: number[] = [];
    let images: ProductImagesChange['images'] = [];
    const port = strictFake<AdminProductsPort>('AdminProductsPort', {
      save: async (request) => {
        saves.push(request);
        return { ...storedProduct(request.changes, '1'), id: 31 };
      },
      uploadImage: async (id, file) => {
        uploads.push({ id, name: file.name });
        images = [...images, { key: `p/${file.name}`, url: `/media/${file.name}`, alt: '' }];
        return { images, version: String(1 + images.length) };
      },
      stockMovements: async (_id, page) => ({ items: [], total: 0, page, limit: 20 }),
    });
    await renderAdminView(
      <ProductFormScreen
        productId={null}
        categories={categories}
        dictionaries={{}}
        onCreated={(id) => created.push(id)}
      />,
      [provide(ADMIN_PRODUCTS_PORT, port)],
      '/admin/products/new',
    );
    const photos = screen.getByRole('heading', { name: /Фотографии/ }).closest('section') as HTMLElement;
    expect(photos.textContent).toContain('Фото загрузятся вместе с товаром');
    const front = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'спереди.jpg', { type: 'image/jpeg' });
    const side = new File([new Uint8Array([0x89, 0x50])], 'сбоку.png', { type: 'image/png' });
    fireEvent.change(within(photos).getByLabelText('Загрузить фото'), { target: { files: [front, side] } });
    const staged = within(photos).getByRole('list', { name: 'Фото к загрузке после создания' });
    expect(within(staged).getAllByRole('listitem')).toHaveLength(2);
    expect(uploads).toEqual([]);

    fireEvent.change(screen.getByLabelText('Название *'), { target: { value: 'Диван «Осло»' } });
    fireEvent.change(screen.getByLabelText('Категория *'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Цена, ₽ *'), { target: { value: '54 990' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Создать товар' }));
    });
    await waitFor(() =>
      expect(uploads).toEqual([
        { id: 31, name: 'спереди.jpg' },
        { id: 31, name: 'сбоку.png' },
      ]),
    );
    expect(saves).toHaveLength(1);
    expect(created).toEqual([31]);
    await waitFor(() =>
      expect(within(photos).getByRole('list', { name: 'Фото товара, по порядку' }).children).toHaveLength(2),
    );
    expect(within(photos).queryByRole('list', { name: 'Фото к загрузке после создания' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Фотографии (2)' })).toBeDefined();
  });

  it('names the filter fields and the product page’s characteristics apart, each once', async () => {
    const { port } = memoryProducts();
    await renderForm(port);
    for (const label of ['Цвет', 'Материал', 'Страна', 'Стиль']) {
      expect(screen.getAllByLabelText(`${label} (фильтр)`)).toHaveLength(1);
      expect(screen.getAllByLabelText(`${label} (на странице товара)`)).toHaveLength(1);
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    expect(screen.getByRole('heading', { name: 'Для фильтров каталога и поиска' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Характеристики на странице товара' })).toBeDefined();
  });
});

/**
 * The product form driven along its machine's own paths (xstate/graph): loading answered or failed,
 * a price typed, «Сохранить», the server storing it, refusing it or answering that someone else saved
 * first, «Повторить», «Загрузить их версию», «Сохранить мою поверх»; after every step the screen shows
 * the machine's state.
 */
const conflict = () =>
  new PortFailure({ kind: 'bad-request', status: 409, code: 'version_conflict', message: 'HTTP 409' });
const refusal = () =>
  new PortFailure({
    kind: 'bad-request',
    status: 400,
    code: 'bad_request',
    message: 'HTTP 400',
    serverMessage: 'Такой артикул уже есть у другого товара.',
  });

const modelEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadRecord', output: storedProduct() },
  { type: 'xstate.error.actor.loadRecord', error: new Error('offline') },
  { type: 'form.retryRequested' },
  { type: 'form.edited', changes: { price: 49_990 } },
  { type: 'form.saveRequested' },
  { type: 'xstate.done.actor.saveRecord', output: storedProduct({ price: 49_990 }, '4') },
  { type: 'xstate.error.actor.saveRecord', error: refusal() },
  { type: 'xstate.error.actor.saveRecord', error: conflict() },
  { type: 'form.reloadRequested' },
  { type: 'form.overwriteRequested' },
  { type: 'xstate.done.actor.readCurrentVersion', output: storedProduct({}, '5') },
  { type: 'xstate.error.actor.readCurrentVersion', error: new Error('offline') },
];

type FormState = SnapshotFrom<typeof productFormChart>;

function expectFormToShow(state: FormState) {
  const value = String(state.value);
  expect(screen.queryByText('Загружаем товар…') !== null).toBe(value === 'loading');
  expect(screen.queryByRole('button', { name: 'Повторить' }) !== null).toBe(value === 'loadFailed');
  if (value === 'loading' || value === 'loadFailed') return;
  expect(screen.queryByRole('button', { name: 'Загрузить их версию' }) !== null).toBe(value === 'conflict');
  const busy = value === 'saving' || value === 'overwriting';
  if (value !== 'conflict') {
    expect(screen.getByRole('button', { name: busy ? 'Сохраняем…' : 'Сохранить' })).toBeDefined();
    const status = { saved: 'Сохранено', failed: state.context.error } as Record<string, string | null>;
    if (status[value]) expect(document.body.textContent).toContain(status[value]);
  }
  expect((screen.getByLabelText('Цена, ₽ *') as HTMLInputElement).value).toBe(
    String(state.context.draft.price),
  );
}

describe('product form along the machine’s paths', () => {
  afterEach(cleanup);

  it('shows every state the machine reaches', async () => {
    const paths = getShortestPaths(productFormChart, {
      events: modelEvents as never[],
      input: { id: 12, blank: BLANK_PRODUCT },
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, snapshot.context.draft.price, snapshot.context.error]),
    });
    const reached = [...new Set(paths.map((path) => String(path.state.value)))].sort();
    expect(reached).toEqual([
      'conflict',
      'editing',
      'failed',
      'loadFailed',
      'loading',
      'overwriting',
      'saved',
      'saving',
    ]);
    for (const path of paths) {
      const loads: Deferred<LoadedProduct>[] = [];
      const saves: Deferred<LoadedProduct>[] = [];
      const port = strictFake<AdminProductsPort>('AdminProductsPort', {
        load: () => deferredCalls(loads),
        save: () => deferredCalls(saves),
        stockMovements: async (_id, page) => ({ items: [], total: 0, page, limit: 20 }),
      });
      await renderAdminView(
        <ProductFormScreen productId={12} categories={categories} dictionaries={{}} />,
        [provide(ADMIN_PRODUCTS_PORT, port)],
        '/admin/products/12',
      );
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: LoadedProduct; error?: unknown };
        await act(async () => {
          switch (event.type) {
            case 'xstate.done.actor.loadRecord':
            case 'xstate.done.actor.readCurrentVersion':
              loads.shift()?.resolve(event.output as LoadedProduct);
              break;
            case 'xstate.error.actor.loadRecord':
            case 'xstate.error.actor.readCurrentVersion':
              loads.shift()?.reject(new PortFailure({ kind: 'network', message: 'offline' }));
              break;
            case 'xstate.done.actor.saveRecord':
              saves.shift()?.resolve(event.output as LoadedProduct);
              break;
            case 'xstate.error.actor.saveRecord':
              saves.shift()?.reject(event.error);
              break;
            case 'form.retryRequested':
              fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
              break;
            case 'form.edited':
              fireEvent.change(screen.getByLabelText('Цена, ₽ *'), { target: { value: '49 990' } });
              break;
            case 'form.saveRequested':
              fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
              break;
            case 'form.reloadRequested':
              fireEvent.click(screen.getByRole('button', { name: 'Загрузить их версию' }));
              break;
            case 'form.overwriteRequested':
              fireEvent.click(screen.getByRole('button', { name: 'Сохранить мою поверх' }));
              break;
          }
        });
        await waitFor(() => expectFormToShow(step.state as FormState)).catch((error: unknown) => {
          throw new Error(
            `${path.steps.map((each) => each.event.type).join(' → ')} at ${event.type}: ${String(error)}`,
          );
        });
      }
      cleanup();
    }
  }, 60_000);
});
