import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import {
  stockCorrectionOf,
  stockMovementsMachine,
} from '../../../src/application/admin/products/stock-movements.machine';
import {
  ADMIN_PRODUCTS_PORT,
  type AdminProductsPort,
  type LoadedProduct,
  type StockCorrection,
  type StockMovementPage,
} from '../../../src/application/ports/admin-products.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { BLANK_PRODUCT, ProductFormScreen } from '../../../src/ui/admin/catalogue/product-form-screen';
import { provide } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { type Deferred, deferredCalls, renderAdminView } from './catalogue-test-support';

/**
 * «Движение остатков» follows its machine (stock-movements.machine.ts): each port call answers when the
 * test settles it, and after each step the panel shows what the machine's state says.
 */

const product = (stock: number, version: string): LoadedProduct => ({
  id: 12,
  version,
  draft: {
    ...BLANK_PRODUCT,
    sku: 'DS-000012',
    slug: 'divan-oslo',
    name: 'Диван «Осло»',
    price: 54_990,
    stock,
  },
  meta: { images: [], categoryName: 'Диваны', deletedAt: null, updatedAt: '2026-11-23T10:00:00.000Z' },
});

function ledgerPage(page: number, total: number, reasons: readonly string[]): StockMovementPage {
  return {
    items: reasons.map((reasonLabel, index) => ({
      id: total - (page - 1) * 20 - index,
      delta: index === 0 ? 3 : -1,
      reasonLabel,
      balanceAfter: 4,
      orderId: null,
      actorName: 'Мария',
      note: null,
      createdAt: '2026-11-23T10:00:00.000Z',
    })),
    total,
    page,
    limit: 20,
  };
}

interface Calls {
  readonly reads: Deferred<StockMovementPage>[];
  readonly readPages: number[];
  readonly corrections: Deferred<LoadedProduct>[];
  readonly asked: { correction: StockCorrection; note: string }[];
}

async function renderPanel(): Promise<Calls> {
  const calls: Calls = { reads: [], readPages: [], corrections: [], asked: [] };
  const port = strictFake<AdminProductsPort>('AdminProductsPort', {
    load: async () => product(1, '3'),
    stockMovements: (_id, page) => {
      calls.readPages.push(page);
      return deferredCalls(calls.reads);
    },
    correctStock: (_id, correction, note) => {
      calls.asked.push({ correction, note });
      return deferredCalls(calls.corrections);
    },
  });
  await renderAdminView(
    <ProductFormScreen productId={12} categories={[]} dictionaries={{}} />,
    [provide(ADMIN_PRODUCTS_PORT, port)],
    '/admin/products/12',
  );
  await screen.findByRole('heading', { level: 1, name: 'Диван «Осло»' });
  return calls;
}

const panel = () =>
  screen.getByRole('heading', { name: 'Движение остатков' }).closest('section') as HTMLElement;
const submitButton = () =>
  within(panel()).getByRole('button', { name: 'Записать корректировку' }) as HTMLButtonElement;

async function settle(action: () => void) {
  await act(async () => action());
}

describe('stock movements panel follows its machine', () => {
  afterEach(cleanup);

  it('loading → shown → another page → failed → retried', async () => {
    const calls = await renderPanel();
    expect(within(panel()).getByRole('status').textContent).toBe('Загружаем движение остатков…');

    await settle(() =>
      calls.reads.shift()?.resolve(ledgerPage(1, 25, ['Ручная корректировка', 'Заказ оформлен'])),
    );
    const table = await within(panel()).findByRole('table', { name: 'Движение остатков' });
    expect(table.textContent).toContain('Ручная корректировка');
    expect(table.textContent).toContain('+3');
    expect(within(panel()).getByText('Страница 1 из 2')).toBeDefined();
    expect((within(panel()).getByRole('button', { name: 'Новее' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(panel()).getByRole('button', { name: 'Старее' }));
    // While page 2 loads, page 1 stays and the pager waits.
    await waitFor(() => expect(calls.readPages).toEqual([1, 2]));
    expect((within(panel()).getByRole('button', { name: 'Старее' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await settle(() => calls.reads.shift()?.resolve(ledgerPage(2, 25, ['Начальный остаток'])));
    await within(panel()).findByText('Страница 2 из 2');
    expect(within(panel()).getByRole('table').textContent).toContain('Начальный остаток');

    fireEvent.click(within(panel()).getByRole('button', { name: 'Новее' }));
    await settle(() => calls.reads.shift()?.reject(new PortFailure({ kind: 'network', message: 'offline' })));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'Не удалось загрузить движение остатков',
    );

    fireEvent.click(within(panel()).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(calls.readPages).toEqual([1, 2, 1, 1]));
    await settle(() => calls.reads.shift()?.resolve(ledgerPage(1, 25, ['Ручная корректировка'])));
    await within(panel()).findByText('Страница 1 из 2');
    expect(within(panel()).queryByRole('alert')).toBeNull();
  });

  it('editing → saving → failed keeps the amount → saving → the form takes the stock and the ledger its first page', async () => {
    const calls = await renderPanel();
    await settle(() => calls.reads.shift()?.resolve(ledgerPage(1, 1, ['Начальный остаток'])));
    await within(panel()).findByRole('table');

    expect(submitButton().disabled).toBe(true);
    fireEvent.change(within(panel()).getByLabelText('Изменение, шт.'), { target: { value: '0' } });
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(within(panel()).getByLabelText('Изменение, шт.'), { target: { value: '+3' } });
    fireEvent.change(within(panel()).getByLabelText('Комментарий'), { target: { value: 'Поставка' } });
    expect(submitButton().disabled).toBe(false);

    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(calls.asked).toEqual([{ correction: { delta: 3 }, note: 'Поставка' }]);
    await settle(() =>
      calls.corrections.shift()?.reject(
        new PortFailure({
          kind: 'bad-request',
          status: 422,
          message: 'HTTP 422',
          serverMessage: 'Остаток не может стать меньше нуля',
        }),
      ),
    );
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'Остаток не может стать меньше нуля',
    );
    expect((within(panel()).getByLabelText('Изменение, шт.') as HTMLInputElement).value).toBe('+3');

    fireEvent.click(within(panel()).getByLabelText('Новый остаток'));
    expect(within(panel()).queryByRole('alert')).toBeNull();
    fireEvent.change(within(panel()).getByLabelText('Остаток после пересчёта, шт.'), {
      target: { value: '4' },
    });
    fireEvent.click(submitButton());
    await waitFor(() => expect(calls.asked).toHaveLength(2));
    expect(calls.asked[1]).toEqual({ correction: { balance: 4 }, note: 'Поставка' });
    await settle(() => calls.corrections.shift()?.resolve(product(4, '4')));

    await waitFor(() => expect((screen.getByLabelText('Остаток, шт.') as HTMLInputElement).value).toBe('4'));
    expect((within(panel()).getByLabelText('Остаток после пересчёта, шт.') as HTMLInputElement).value).toBe(
      '',
    );
    expect((within(panel()).getByLabelText('Комментарий') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(calls.readPages).toEqual([1, 1]));
    await settle(() =>
      calls.reads.shift()?.resolve(ledgerPage(1, 2, ['Ручная корректировка', 'Начальный остаток'])),
    );
    await waitFor(() =>
      expect(within(panel()).getByRole('table').textContent).toContain('Ручная корректировка'),
    );
  });
});

describe('stock movements machine', () => {
  it('reads a difference and a counted balance the way the manager types them', () => {
    expect(stockCorrectionOf('delta', ' +2 ')).toEqual({ delta: 2 });
    expect(stockCorrectionOf('delta', '−1')).toEqual({ delta: -1 });
    expect(stockCorrectionOf('delta', '0')).toBeNull();
    expect(stockCorrectionOf('delta', 'пять')).toBeNull();
    expect(stockCorrectionOf('balance', '0')).toEqual({ balance: 0 });
    expect(stockCorrectionOf('balance', '−0')).toBeNull();
    expect(stockCorrectionOf('balance', '12345678')).toBeNull();
  });

  it('reaches every state of both regions', () => {
    const paths = getShortestPaths(stockMovementsMachine, {
      events: [
        { type: 'xstate.done.actor.readLedger', output: ledgerPage(1, 25, ['Начальный остаток']) },
        { type: 'xstate.error.actor.readLedger', error: new Error('offline') },
        { type: 'ledger.pageRequested', page: 2 },
        { type: 'ledger.retried' },
        { type: 'correction.amountEdited', amount: '+1' },
        { type: 'correction.submitted' },
        { type: 'xstate.error.actor.correctStock', error: new Error('offline') },
      ] as never[],
      input: { productId: 12, form: null as never },
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const ledger of ['loading', 'shown', 'failed']) {
      expect([...reached].some((value) => value.includes(`"ledger":"${ledger}"`))).toBe(true);
    }
    for (const correction of ['editing', 'saving', 'failed']) {
      expect([...reached].some((value) => value.includes(`"correction":"${correction}"`))).toBe(true);
    }
  });
});
