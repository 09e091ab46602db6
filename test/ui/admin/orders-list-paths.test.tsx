import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { bulkActionTitle } from '../../../src/application/admin/bulk-preview';
import {
  type BulkRowResult,
  bulkSelectionMachine,
} from '../../../src/application/machines/admin/bulk-selection.machine';
import type { AdminOrderPage, BulkOutcome } from '../../../src/application/ports/admin-orders.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { OrdersListView } from '../../../src/ui/admin/orders/orders-list-view';
import { adminOrder } from './admin-fixtures';
import { renderOrderScreen } from './orders-test-support';

/**
 * The orders list driven along the bulk-selection machine's own paths (xstate/graph): ticking rows
 * one by one or the whole page, clearing, choosing «Разрешить оплату» or «Удалить», cancelling or
 * confirming, the bulk call answering or failing, closing the results — and after every step the list
 * must show what the state says: the bar and its count, the ticks, the preview, the busy dialog, the
 * per-order results, and one read of the list after each applied action.
 */

afterEach(cleanup);

const PAGE: AdminOrderPage = {
  items: [
    adminOrder({ id: 11 }),
    adminOrder({
      id: 12,
      status: 'delivered',
      statusLabel: 'Доставлен',
      actions: [{ to: 'completed', label: 'Завершить' }],
      paymentState: 'paid',
    }),
  ],
  total: 2,
  page: 1,
  limit: 25,
};
const IDS = PAGE.items.map((order) => order.id);
const RESULTS: readonly BulkRowResult[] = [
  { id: 11, ok: true },
  { id: 12, ok: false, error: 'Из статуса «Доставлен» нельзя перейти в «Ожидает оплаты»' },
];

type BulkState = SnapshotFrom<typeof bulkSelectionMachine>;

function modelEvents(snapshot: BulkState): AnyEventObject[] {
  const selected = snapshot.context.selected;
  return [
    ...IDS.map((id) => ({ type: 'selection.toggled', id })),
    // «Выбрать все на странице» ticks the page when some row is unticked (and unticks it otherwise).
    ...(IDS.every((id) => selected.includes(id)) ? [] : [{ type: 'selection.replaced', ids: IDS }]),
    { type: 'selection.cleared' },
    { type: 'bulk.chosen', action: { kind: 'allowPayment' } },
    { type: 'bulk.chosen', action: { kind: 'delete' } },
    { type: 'bulk.cancelled' },
    { type: 'bulk.confirmed' },
    { type: 'results.closed' },
    { type: 'xstate.done.actor.apply', output: RESULTS },
    { type: 'xstate.error.actor.apply', error: new Error('offline') },
  ];
}

function expectListToShow(state: BulkState, reloads: number, expectedReloads: number) {
  const value = String(state.value);
  const { selected, action, error } = state.context;
  const bar = screen.queryByRole('region', { name: 'Действия с выбранными' });
  expect(bar === null).toBe(selected.length === 0);
  if (bar !== null) expect(bar.textContent).toContain(`Выбрано: ${selected.length}`);
  for (const id of IDS) {
    const tick = screen.getByRole('checkbox', { name: `Выбрать: заказ № ${id}` }) as HTMLInputElement;
    expect(tick.checked).toBe(selected.includes(id));
  }
  const dialog = screen.queryByRole('dialog');
  if (value === 'confirming' || value === 'applying') {
    const confirm = within(dialog as HTMLElement);
    expect(
      confirm.getByRole('heading', { name: bulkActionTitle(action ?? { kind: 'delete' }) }),
    ).toBeTruthy();
    const preview = confirm.getByRole('list', { name: 'Что изменится' });
    expect(within(preview).getAllByRole('listitem')).toHaveLength(selected.length);
    for (const id of selected) expect(preview.textContent).toContain(`№ ${id}`);
    const apply = confirm.getByRole('button', {
      name: value === 'applying' ? 'Выполняется…' : /^(Применить к \d+|Всё равно отправить)$/,
    });
    expect((apply as HTMLButtonElement).disabled).toBe(value === 'applying');
  } else if (value === 'results') {
    const results = within(screen.getByRole('dialog', { name: 'Результат' }));
    if (error !== null) expect(results.getByRole('alert').textContent).toContain('Нет связи с сервером');
    else expect(results.getByRole('status').textContent).toContain('Выполнено: 1 из 2');
  } else {
    expect(dialog).toBeNull();
  }
  expect(reloads).toBe(expectedReloads);
}

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(queue: Deferred<T>[]): Promise<T> {
  return new Promise<T>((resolve, reject) => queue.push({ resolve, reject }));
}

describe('the orders list along the bulk-selection machine’s paths', () => {
  it('shows every state the machine reaches', async () => {
    const paths = getShortestPaths(bulkSelectionMachine, {
      events: modelEvents as never,
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.selected,
          snapshot.context.action,
          snapshot.context.error !== null,
        ]),
    });
    expect(new Set(paths.map((path) => String(path.state.value)))).toEqual(
      new Set(['idle', 'selecting', 'confirming', 'applying', 'results']),
    );

    for (const path of paths) {
      const calls: Deferred<BulkOutcome>[] = [];
      let reloads = 0;
      let expectedReloads = 0;
      await renderOrderScreen(
        <OrdersListView
          search={{}}
          page={PAGE}
          exportCsv="/x.csv"
          exportXlsx="/x.xlsx"
          exportLinesXlsx="/lines.xlsx"
          reload={() => {
            reloads += 1;
          }}
        />,
        '/admin/orders',
        { orders: { bulkAllowPayment: () => deferred(calls), bulkDelete: () => deferred(calls) } },
      );
      let before: BulkState | null = null;
      for (const step of path.steps) {
        const event = step.event as AnyEventObject;
        await act(async () => {
          const bar = () => within(screen.getByRole('region', { name: 'Действия с выбранными' }));
          const dialog = () => within(screen.getByRole('dialog'));
          switch (event.type) {
            case 'xstate.init':
              break;
            case 'selection.toggled':
              fireEvent.click(screen.getByRole('checkbox', { name: `Выбрать: заказ № ${event.id}` }));
              break;
            case 'selection.replaced':
              fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать все на странице' }));
              break;
            case 'selection.cleared':
              fireEvent.click(bar().getByRole('button', { name: 'Снять выбор' }));
              break;
            case 'bulk.chosen':
              fireEvent.click(
                bar().getByRole('button', {
                  name: event.action.kind === 'delete' ? 'Удалить' : 'Разрешить оплату',
                }),
              );
              break;
            case 'bulk.cancelled':
              fireEvent.click(dialog().getByRole('button', { name: 'Отмена' }));
              break;
            case 'bulk.confirmed':
              fireEvent.click(
                dialog().getByRole('button', { name: /^(Применить к \d+|Всё равно отправить)$/ }),
              );
              break;
            case 'results.closed':
              if (before?.context.error === null) expectedReloads += 1;
              fireEvent.click(dialog().getByRole('button', { name: 'Готово' }));
              break;
            case 'xstate.done.actor.apply':
              calls.shift()?.resolve({ results: event.output as readonly BulkRowResult[] });
              break;
            case 'xstate.error.actor.apply':
              calls.shift()?.reject(new PortFailure({ kind: 'network', message: 'offline' }));
              break;
            default:
              throw new Error(`no way to drive ${event.type} from the list`);
          }
        });
        const state = step.state as BulkState;
        await waitFor(() => expectListToShow(state, reloads, expectedReloads));
        before = state;
      }
      cleanup();
    }
  });
});
