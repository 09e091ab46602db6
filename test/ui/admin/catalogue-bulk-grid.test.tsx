import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  bulkPriceGridMachine,
  type GridChange,
  type GridRow,
  PRICE_MESSAGES,
  type SaveOutcome,
  type UndoOutcome,
} from '../../../src/application/machines/admin/bulk-price-grid.machine';
import {
  ADMIN_PRODUCTS_PORT,
  type AdminProductRow,
  type AdminProductsPort,
} from '../../../src/application/ports/admin-products.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { BulkPriceGrid } from '../../../src/ui/admin/catalogue/bulk-price-grid';
import { provide } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { type Deferred, deferredCalls, renderAdminView } from './catalogue-test-support';

function row(id: number, name: string, price: number): AdminProductRow {
  return {
    id,
    sku: `DS-${id}`,
    slug: `p-${id}`,
    name,
    price,
    price_old: null,
    badge: null,
    category_id: 1,
    category_name: 'Диваны',
    category_active: true,
    image_url: null,
    stock: null,
    backorder_allowed: false,
    hidden: false,
    updated_at: '2026-11-23T10:00:00.000Z',
  };
}

const rows = [row(1, 'Диван «Осло»', 54_990), row(2, 'Кресло «Берген»', 19_990)];

async function renderGrid(
  port: AdminProductsPort,
  onRowsStored: (rows: readonly GridRow[]) => void = () => {},
) {
  await renderAdminView(<BulkPriceGrid rows={rows} onClose={() => undefined} onRowsStored={onRowsStored} />, [
    provide(ADMIN_PRODUCTS_PORT, port),
  ]);
  return screen.getByRole('region', { name: 'Массовое редактирование' });
}

const priceCell = (name: string) => screen.getByLabelText(`Цена: ${name}`) as HTMLInputElement;

describe('bulk price grid', () => {
  afterEach(cleanup);

  it('undoes a cell edit with Ctrl+Z, saves the rest in one call per value, and undoes the save', async () => {
    const sent: GridChange[][] = [];
    const undone: string[][] = [];
    const stored: (readonly GridRow[])[] = [];
    const port = strictFake<AdminProductsPort>('AdminProductsPort', {
      bulkEdit: async (changes) => {
        sent.push([...changes]);
        return { operations: ['op-1'], failedIds: [] };
      },
      undoBulkEdit: async (operations) => {
        undone.push([...operations]);
        return { restoredIds: [1, 2] };
      },
    });
    const grid = await renderGrid(port, (saved) => stored.push(saved));

    fireEvent.change(priceCell('Диван «Осло»'), { target: { value: '50000' } });
    expect(screen.getByText('Изменено ячеек: 1')).toBeDefined();
    fireEvent.keyDown(grid, { key: 'z', ctrlKey: true });
    expect(priceCell('Диван «Осло»').value).toBe('54990');

    fireEvent.change(priceCell('Диван «Осло»'), { target: { value: '45 000' } });
    fireEvent.change(priceCell('Кресло «Берген»'), { target: { value: '45000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    });
    await screen.findByText(/Сохранено товаров: 2/);
    expect(sent).toEqual([
      [
        { field: 'price', value: 45_000, ids: [1, 2] },
        { field: 'hidden', value: true, ids: [1, 2] },
      ],
    ]);
    // The list behind the grid gets the stored rows from the answer.
    expect(stored.at(-1)?.map((saved) => [saved.price, saved.hidden])).toEqual([
      [45_000, true],
      [45_000, true],
    ]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Отменить сохранение' }));
    });
    await screen.findByText(/Изменения отменены: 2/);
    expect(undone).toEqual([['op-1']]);
    expect(priceCell('Кресло «Берген»').value).toBe('19990');
    expect(stored.at(-1)?.map((saved) => saved.price)).toEqual([54_990, 19_990]);
  });

  it('letters and 0 stay in the cell with a Russian message and nothing is sent', async () => {
    const port = strictFake<AdminProductsPort>('AdminProductsPort', {});
    await renderGrid(port);
    fireEvent.change(priceCell('Диван «Осло»'), { target: { value: 'abc' } });
    expect(priceCell('Диван «Осло»').value).toBe('abc');
    expect(priceCell('Диван «Осло»').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(PRICE_MESSAGES.notAmount)).toBeDefined();
    fireEvent.change(priceCell('Кресло «Берген»'), { target: { value: '0' } });
    expect(screen.getByText(PRICE_MESSAGES.zero)).toBeDefined();
    expect(screen.getByText('Изменено ячеек: 0, с ошибкой: 2')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(screen.getByText(PRICE_MESSAGES.invalidCells)).toBeDefined();
  });

  it('raises every selected price by 5 %, sets one price for all, and lists the ×3 jumps before saving', async () => {
    const sent: GridChange[][] = [];
    const port = strictFake<AdminProductsPort>('AdminProductsPort', {
      bulkEdit: async (changes) => {
        sent.push([...changes]);
        return { operations: ['op-1'], failedIds: [] };
      },
    });
    await renderGrid(port);
    fireEvent.change(screen.getByLabelText('Изменение цены выбранных, %'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Применить %' }));
    expect([priceCell('Диван «Осло»').value, priceCell('Кресло «Берген»').value]).toEqual(['57740', '20990']);

    fireEvent.change(screen.getByLabelText('Цена для выбранных, ₽'), { target: { value: '199 900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Установить цену' }));
    expect([priceCell('Диван «Осло»').value, priceCell('Кресло «Берген»').value]).toEqual([
      '199900',
      '199900',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    const dialog = await screen.findByRole('dialog', { name: 'Проверьте резкие изменения цен' });
    const listed = within(dialog).getByRole('list', { name: 'Резкие изменения цен' });
    const items = within(listed)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Диван «Осло»');
    expect(items[0]).toContain('×3,6');
    expect(items[1]).toContain('Кресло «Берген»');
    expect(items[1]).toContain('×10');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить всё равно' }));
    });
    await screen.findByText(/Сохранено товаров: 2/);
    expect(sent).toEqual([[{ field: 'price', value: 199_900, ids: [1, 2] }]]);
  });
});

/**
 * The grid driven along its machine's own paths (xstate/graph): each step is done the way a manager
 * does it (typing into a cell, the buttons, the dialog) or by the fake server answering, and after
 * every step the screen shows exactly the machine's state.
 */
const modelEvents: AnyEventObject[] = [
  { type: 'grid.priceTyped', id: 1, field: 'price', text: '50 000' },
  { type: 'grid.priceTyped', id: 2, field: 'price', text: '199 900' },
  { type: 'grid.saveRequested' },
  { type: 'grid.jumpsConfirmed' },
  { type: 'grid.jumpsCancelled' },
  { type: 'grid.undoSavedRequested' },
  { type: 'xstate.done.actor.saveChanges', output: { operations: ['op-1'], failedIds: [] } },
  { type: 'xstate.error.actor.saveChanges', error: new Error('offline') },
  { type: 'xstate.done.actor.undoOperations', output: { restoredIds: [1, 2] } },
  { type: 'xstate.error.actor.undoOperations', error: new Error('offline') },
];

type GridState = SnapshotFrom<typeof bulkPriceGridMachine>;

function expectScreenToShow(state: GridState) {
  const busy = state.matches('saving') || state.matches('undoing');
  expect(screen.queryByRole('dialog', { name: 'Проверьте резкие изменения цен' }) !== null).toBe(
    state.matches('confirmingJumps'),
  );
  expect(screen.queryByRole('button', { name: 'Сохраняем…' }) !== null).toBe(busy);
  expect(priceCell('Диван «Осло»').disabled).toBe(busy);
  if (!busy) {
    expect(priceCell('Диван «Осло»').value).toBe(
      state.context.typed['1:price'] ?? String(state.context.draft[1]?.price),
    );
    expect(screen.queryByRole('button', { name: 'Отменить сохранение' }) !== null).toBe(
      state.matches('editing') && state.context.saved.length > 0 && state.context.notice !== null,
    );
  }
  if (state.context.error !== null) expect(document.body.textContent).toContain(state.context.error);
}

describe('bulk price grid along the machine’s paths', () => {
  afterEach(cleanup);

  it('shows every state the machine reaches', async () => {
    const paths = getShortestPaths(bulkPriceGridMachine, {
      events: modelEvents as never[],
      input: {
        rows: rows.map(({ id, sku, name, price, price_old, badge, hidden }) => ({
          ...{ id, sku, name, price, price_old, badge, hidden },
        })),
      },
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.draft,
          snapshot.context.typed,
          snapshot.context.saved.length,
          snapshot.context.error,
          snapshot.context.notice,
        ]),
    });
    const reached = [...new Set(paths.map((path) => String(path.state.value)))].sort();
    expect(reached).toEqual(['confirmingJumps', 'editing', 'saving', 'undoing']);

    for (const path of paths) {
      const saves: Deferred<SaveOutcome>[] = [];
      const undos: Deferred<UndoOutcome>[] = [];
      const port = strictFake<AdminProductsPort>('AdminProductsPort', {
        bulkEdit: () => deferredCalls(saves),
        undoBulkEdit: () => deferredCalls(undos),
      });
      await renderGrid(port);
      for (const step of path.steps) {
        const event = step.event as AnyEventObject;
        await act(async () => {
          switch (event.type) {
            case 'grid.priceTyped':
              fireEvent.change(priceCell(event.id === 1 ? 'Диван «Осло»' : 'Кресло «Берген»'), {
                target: { value: event.text },
              });
              break;
            case 'grid.saveRequested':
              fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
              break;
            case 'grid.jumpsConfirmed':
              fireEvent.click(screen.getByRole('button', { name: 'Сохранить всё равно' }));
              break;
            case 'grid.jumpsCancelled':
              fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
              break;
            case 'grid.undoSavedRequested':
              fireEvent.click(screen.getByRole('button', { name: 'Отменить сохранение' }));
              break;
            case 'xstate.done.actor.saveChanges':
              // The server answers one operation per bulk call.
              saves.shift()?.resolve(event.output as SaveOutcome);
              break;
            case 'xstate.error.actor.saveChanges':
              saves.shift()?.reject(new PortFailure({ kind: 'network', message: 'offline' }));
              break;
            case 'xstate.done.actor.undoOperations':
              undos.shift()?.resolve(event.output as UndoOutcome);
              break;
            case 'xstate.error.actor.undoOperations':
              undos.shift()?.reject(new PortFailure({ kind: 'network', message: 'offline' }));
              break;
          }
        });
        await waitFor(() => expectScreenToShow(step.state as GridState)).catch((error: unknown) => {
          throw new Error(
            `${path.steps.map((each) => each.event.type).join(' → ')} at ${event.type}: ${String(error)}`,
          );
        });
      }
      cleanup();
    }
  }, 60_000);
});
