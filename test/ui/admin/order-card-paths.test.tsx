import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { DELIVERY_DATE_REQUIRED } from '../../../shared-rules/delivery-agreement-rule';
import { orderCardMachine } from '../../../src/application/admin/orders/order-card.machine';
import type { AdminOrderDetail } from '../../../src/application/ports/admin-orders.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { OrderDetailView } from '../../../src/ui/admin/orders/order-detail-view';
import { adminOrder } from './admin-fixtures';
import { renderOrderScreen } from './orders-test-support';

/**
 * The order card driven along the card machine's own paths: the shortest way to every state and
 * every order it can hold (xstate/graph), replayed on the real page — a move, the bin, a confirmation,
 * the money dialogs, a section's save, the server answering or failing — and after every step the page
 * must show what the state says. Each wait is for the screen the step leads to, not for time.
 */

afterEach(cleanup);

const START = adminOrder({
  id: 31,
  status: 'confirmed',
  statusLabel: 'Подтверждён',
  actions: [
    { to: 'awaiting_prepayment', label: 'Запросить предоплату' },
    { to: 'in_stock', label: 'На склад' },
    { to: 'delivery_agreed', label: 'Согласовать доставку' },
    { to: 'cancelled', label: 'Отменить заказ' },
  ],
  payment: { paid: 100_000, refunded: 0, remaining: 5_399_000, refundState: 'none' },
});
const DATED: AdminOrderDetail = {
  ...START,
  deliveryDetails: { ...START.deliveryDetails, date: '2026-12-01' },
};
const BINNED: AdminOrderDetail = { ...START, deletedAt: '2026-11-24T10:00:00.000Z' };
const GENERIC_FAILURE = 'Не удалось выполнить действие. Попробуйте ещё раз.';

const modelEvents: AnyEventObject[] = [
  ...START.actions.map((action) => ({ type: 'status.moveRequested', to: action.to })),
  { type: 'order.deleteRequested' },
  { type: 'order.restoreRequested' },
  { type: 'command.confirmed' },
  { type: 'command.cancelled' },
  { type: 'refund.requested' },
  { type: 'dialog.closed' },
  { type: 'order.saved', order: DATED },
  { type: 'xstate.done.actor.runCommand', output: START },
  { type: 'xstate.done.actor.runCommand', output: BINNED },
  { type: 'xstate.error.actor.runCommand', error: new Error('down') },
];

type CardState = SnapshotFrom<typeof orderCardMachine>;

const statusCard = () => screen.getByRole('heading', { name: 'Статус' }).closest('section') as HTMLElement;

function expectScreenOf(state: CardState) {
  const value = String(state.value);
  const { order } = state.context;
  const card = statusCard();
  const dialog = screen.queryByRole('dialog');
  // The dialog a state opens, and only then.
  const dialogTitle = {
    confirming: state.context.command?.kind === 'delete' ? 'Удалить заказ?' : 'Подтвердите действие',
    prepayment: 'Запросить предоплату',
    refund: 'Вернуть деньги',
  }[value as 'confirming' | 'prepayment' | 'refund'];
  if (dialogTitle === undefined) expect(dialog).toBeNull();
  else expect(within(dialog as HTMLElement).getByRole('heading', { name: dialogTitle })).toBeTruthy();
  // The date field speaks only when «Согласовать доставку» was refused.
  expect(document.body.textContent?.includes(DELIVERY_DATE_REQUIRED)).toBe(value === 'dateMissing');
  expect(card.textContent?.includes('Готово')).toBe(value === 'done');
  expect(card.textContent?.includes(GENERIC_FAILURE)).toBe(value === 'failed');
  // The bin, and the chart's moves: offered while no command runs, never for a binned order.
  if (order.deletedAt === null) {
    expect(card.textContent).not.toContain('Заказ в корзине');
    for (const action of order.actions) {
      const button = within(card).getByRole('button', { name: action.label }) as HTMLButtonElement;
      expect(button.disabled).toBe(!state.can({ type: 'status.moveRequested', to: action.to }));
    }
  } else {
    expect(card.textContent).toContain('Заказ в корзине');
    expect(within(card).queryByRole('button', { name: 'На склад' })).toBeNull();
  }
  const date = screen.getByLabelText('Дата') as HTMLInputElement;
  expect(date.value).toBe(order.deliveryDetails.date ?? '');
}

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(queue: Deferred<T>[]): Promise<T> {
  return new Promise<T>((resolve, reject) => queue.push({ resolve, reject }));
}

describe('the order card along the card machine’s paths', () => {
  it('shows every state the machine reaches', async () => {
    const paths = getShortestPaths(orderCardMachine, {
      events: modelEvents as never[],
      input: { order: START },
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.command,
          snapshot.context.order.deletedAt,
          snapshot.context.order.deliveryDetails.date,
        ]),
    });
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(
      ['confirming', 'dateMissing', 'done', 'failed', 'idle', 'prepayment', 'refund', 'running'].sort(),
    );

    for (const path of paths) {
      const commands: Deferred<AdminOrderDetail>[] = [];
      // What the next section save (delivery, prepayment, refund) answers.
      let nextSaved: AdminOrderDetail = DATED;
      await renderOrderScreen(<OrderDetailView order={START} origin="" />, '/admin/orders/31', {
        orders: {
          payLink: async () => Promise.reject(new Error('no signed link in this test')),
          updateStatus: () => deferred(commands),
          remove: () => deferred(commands),
          restore: () => deferred(commands),
          updateDelivery: async () => nextSaved,
          requestPrepayment: async () => undefined,
          refund: async () => ({ amount: 100_000 }),
          get: async () => nextSaved,
        },
      });
      for (const step of path.steps) {
        const event = step.event as AnyEventObject;
        const state = screen.queryByRole('dialog');
        await act(async () => {
          switch (event.type) {
            case 'xstate.init':
              break;
            case 'status.moveRequested': {
              const action = START.actions.find((each) => each.to === event.to);
              fireEvent.click(within(statusCard()).getByRole('button', { name: action?.label }));
              break;
            }
            case 'order.deleteRequested':
              fireEvent.click(within(statusCard()).getByRole('button', { name: 'Удалить заказ' }));
              break;
            case 'order.restoreRequested':
              fireEvent.click(within(statusCard()).getByRole('button', { name: 'Восстановить' }));
              break;
            case 'command.confirmed':
              fireEvent.click(
                within(state as HTMLElement).getByRole('button', { name: /^(Подтвердить|Удалить)$/ }),
              );
              break;
            case 'command.cancelled':
              fireEvent.click(within(state as HTMLElement).getByRole('button', { name: 'Отмена' }));
              break;
            case 'refund.requested':
              fireEvent.click(screen.getByRole('button', { name: 'Вернуть деньги' }));
              break;
            case 'dialog.closed': {
              const closers = within(state as HTMLElement).getAllByRole('button', { name: 'Закрыть' });
              fireEvent.click(closers.at(-1) as HTMLElement);
              break;
            }
            case 'order.saved': {
              nextSaved = event.order as AdminOrderDetail;
              const dialog = state === null ? null : within(state);
              if (dialog?.queryByRole('form', { name: 'Предоплата' })) {
                fireEvent.change(dialog.getByLabelText('Процент'), { target: { value: '30' } });
                fireEvent.submit(dialog.getByRole('form', { name: 'Предоплата' }));
              } else if (dialog?.queryByRole('form', { name: 'Возврат' })) {
                fireEvent.change(dialog.getAllByRole('textbox')[0] as HTMLElement, {
                  target: { value: '1' },
                });
                fireEvent.submit(dialog.getByRole('form', { name: 'Возврат' }));
              } else {
                const delivery = screen.getByRole('form', { name: 'Доставка' });
                fireEvent.change(within(delivery).getByLabelText('Дата'), {
                  target: { value: nextSaved.deliveryDetails.date },
                });
                fireEvent.submit(delivery);
              }
              break;
            }
            case 'xstate.done.actor.runCommand':
              commands.shift()?.resolve(event.output as AdminOrderDetail);
              break;
            case 'xstate.error.actor.runCommand':
              commands
                .shift()
                ?.reject(new PortFailure({ kind: 'bad-response', status: 500, message: 'down' }));
              break;
            default:
              throw new Error(`no way to drive ${event.type} from the page`);
          }
        });
        const steps = path.steps.map((each) => each.event.type.replace('xstate.', '')).join(' → ');
        await waitFor(() => expectScreenOf(step.state as CardState)).catch((error: unknown) => {
          throw new Error(`${steps}: ${String(step.state.value)}\n${String(error)}`);
        });
      }
      cleanup();
    }
  });
});
