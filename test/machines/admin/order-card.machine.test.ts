import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type OrderCardCommand,
  OrderChangedMeanwhile,
  orderCardMachine,
} from '../../../src/application/admin/orders/order-card.machine';
import type { AdminOrderDetail } from '../../../src/application/ports/admin-orders.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { adminOrder } from '../../ui/admin/admin-fixtures';
import { controlledActor, flush } from '../support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from '../support/state-graph';

/** An order the chart lets move four ways (one of each kind), paid in part, with no delivery date. */
const CARD_ORDER = adminOrder({
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
  ...CARD_ORDER,
  deliveryDetails: { ...CARD_ORDER.deliveryDetails, date: '2026-12-01' },
};
const BINNED: AdminOrderDetail = { ...CARD_ORDER, deletedAt: '2026-11-24T10:00:00.000Z' };

function startCard(order: AdminOrderDetail = CARD_ORDER) {
  const run = controlledActor<AdminOrderDetail, { order: AdminOrderDetail; command: OrderCardCommand }>(
    'runCommand',
  );
  const actor = createActor(orderCardMachine.provide({ actors: { runCommand: run.logic } }), {
    input: { order },
  }).start();
  return { actor, run };
}

describe('order card machine', () => {
  it('offers exactly the moves the chart lists, and nothing while a command runs or for a binned order', () => {
    const { actor } = startCard();
    const can = (to: AdminOrderDetail['status']) =>
      actor.getSnapshot().can({ type: 'status.moveRequested', to });
    expect(can('in_stock')).toBe(true);
    expect(can('completed')).toBe(false);
    expect(can('confirmed')).toBe(false);
    actor.send({ type: 'status.moveRequested', to: 'in_stock' });
    expect(actor.getSnapshot().value).toBe('running');
    expect(can('cancelled')).toBe(false);
    expect(startCard(BINNED).actor.getSnapshot().can({ type: 'status.moveRequested', to: 'in_stock' })).toBe(
      false,
    );
  });

  it('sends the status the manager saw and takes the saved order as the card', async () => {
    const { actor, run } = startCard();
    actor.send({ type: 'status.moveRequested', to: 'in_stock' });
    const call = run.next();
    expect(call.input).toEqual({ order: CARD_ORDER, command: { kind: 'move', to: 'in_stock' } });
    const saved = adminOrder({ id: 31, status: 'in_stock', statusLabel: 'На складе', actions: [] });
    call.resolve(saved);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.order).toBe(saved);
  });

  it('refuses «Согласовать доставку» without a date and sends nothing; a saved date lets it through', async () => {
    const { actor, run } = startCard();
    actor.send({ type: 'status.moveRequested', to: 'delivery_agreed' });
    expect(actor.getSnapshot().value).toBe('dateMissing');
    expect(run.calls).toHaveLength(0);
    actor.send({ type: 'order.saved', order: DATED });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'status.moveRequested', to: 'delivery_agreed' });
    expect(actor.getSnapshot().value).toBe('running');
  });

  it('asks before cancelling, before the bin, and before closing a pay link', () => {
    const { actor } = startCard();
    actor.send({ type: 'status.moveRequested', to: 'cancelled' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'command.cancelled' });
    actor.send({ type: 'order.deleteRequested' });
    expect(actor.getSnapshot().context.command).toEqual({ kind: 'delete' });
    const awaiting = adminOrder({
      id: 32,
      status: 'awaiting_payment',
      statusLabel: 'Ожидает оплаты',
      actions: [{ to: 'confirmed', label: 'Закрыть оплату' }],
    });
    const closing = startCard(awaiting).actor;
    closing.send({ type: 'status.moveRequested', to: 'confirmed' });
    expect(closing.getSnapshot().value).toBe('confirming');
  });

  it('a move someone overtook: the message, and the order as it is now', async () => {
    const { actor, run } = startCard();
    actor.send({ type: 'status.moveRequested', to: 'in_stock' });
    const now = adminOrder({ id: 31, status: 'cancelled', statusLabel: 'Отменён', actions: [] });
    run.next().reject(
      new OrderChangedMeanwhile(
        new PortFailure({
          kind: 'bad-request',
          status: 409,
          message: '409',
          code: 'status_changed',
          serverMessage: 'Статус заказа уже изменён',
        }),
        now,
      ),
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Статус заказа уже изменён');
    expect(actor.getSnapshot().context.order).toBe(now);
  });

  it('reaches every state', () => {
    expect(
      unreachableStates(orderCardMachine, {
        input: { order: CARD_ORDER },
        events: [
          ...CARD_ORDER.actions.map((action) => ({ type: 'status.moveRequested' as const, to: action.to })),
          { type: 'order.deleteRequested' },
          { type: 'order.restoreRequested' },
          { type: 'command.confirmed' },
          { type: 'command.cancelled' },
          { type: 'refund.requested' },
          { type: 'dialog.closed' },
          { type: 'order.saved', order: DATED },
          doneEvent('runCommand', BINNED) as never,
          errorEvent('runCommand') as never,
        ],
        serializeState: (snapshot) =>
          JSON.stringify([snapshot.value, snapshot.context.order.deletedAt, snapshot.context.command]),
      }),
    ).toEqual([]);
  });
});
