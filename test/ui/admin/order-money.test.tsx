import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '../../../src/application/ports/admin-orders.port';
import { OrderDetailView } from '../../../src/ui/admin/orders/order-detail-view';
import { adminOrder } from './admin-fixtures';
import { type OrderScreenPorts, renderOrderScreen } from './orders-test-support';

afterEach(cleanup);

const renderCard = (order: AdminOrderDetail, orders: OrderScreenPorts['orders']) =>
  renderOrderScreen(<OrderDetailView order={order} origin="" />, `/admin/orders/${order.id}`, {
    orders: { payLink: async () => Promise.reject(new Error('no signed link in this test')), ...orders },
  });

/** Issue 22 items 6–7 on the order card: the prepayment dialog, paid / remaining, a refund. */
describe('order card money', () => {
  it('«Запросить предоплату» asks the amount: 30 % shown in roubles, sent as a percent, the card takes the saved order', async () => {
    const requestPrepayment = vi.fn(async () => undefined);
    const updateStatus = vi.fn();
    const order = adminOrder({
      id: 7,
      actions: [{ to: 'awaiting_prepayment', label: 'Запросить предоплату' }],
      payment: { paid: 0, refunded: 0, remaining: 5_499_000, refundState: 'none' },
    });
    const get = vi.fn(async () =>
      adminOrder({
        ...order,
        status: 'awaiting_prepayment',
        statusLabel: 'Ожидает предоплаты',
        actions: [{ to: 'cancelled', label: 'Отменить заказ' }],
        prepaymentAmount: 1_649_700,
      }),
    );
    await renderCard(order, { requestPrepayment, updateStatus, get });
    fireEvent.click(screen.getByRole('button', { name: 'Запросить предоплату' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Процент'), { target: { value: '30' } });
    expect(dialog.textContent).toContain('Клиент оплатит 16\u00a0497\u00a0₽.');
    fireEvent.change(within(dialog).getByLabelText('Процент'), { target: { value: '130' } });
    expect(dialog.textContent).toContain('Укажите процент целым числом от 1 до 100.');
    fireEvent.change(within(dialog).getByLabelText('Процент'), { target: { value: '30' } });
    await act(async () => {
      fireEvent.submit(within(dialog).getByRole('form', { name: 'Предоплата' }));
    });
    expect(requestPrepayment).toHaveBeenCalledWith(7, { percent: 30 }, expect.anything());
    expect(updateStatus).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).toContain('Запрошена предоплата 16\u00a0497\u00a0₽');
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('closing the prepayment dialog sends nothing', async () => {
    const requestPrepayment = vi.fn();
    await renderCard(
      adminOrder({
        id: 11,
        actions: [{ to: 'awaiting_prepayment', label: 'Запросить предоплату' }],
        payment: { paid: 0, refunded: 0, remaining: 5_499_000, refundState: 'none' },
      }),
      { requestPrepayment },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Запросить предоплату' }));
    // The dialog's own «Закрыть» (its header's × has the same name).
    const close = within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Закрыть' }).at(-1);
    fireEvent.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestPrepayment).not.toHaveBeenCalled();
  });

  it('shows paid / remaining and a partial refund, and refunds chosen lines', async () => {
    const refund = vi.fn(async () => ({ amount: 1_000_000 }));
    const order = adminOrder({
      id: 8,
      payment: { paid: 1_649_700, refunded: 100_000, remaining: 3_849_300, refundState: 'partial' },
    });
    const get = vi.fn(async () =>
      adminOrder({
        ...order,
        payment: { paid: 649_700, refunded: 1_100_000, remaining: 3_749_300, refundState: 'partial' },
      }),
    );
    await renderCard(order, { refund, get });
    expect(document.body.textContent).toContain('Оплачено 16\u00a0497\u00a0₽ · Осталось 38\u00a0493\u00a0₽');
    expect(document.body.textContent).toContain('Частично возвращено: 1\u00a0000\u00a0₽');
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть деньги' }));
    const dialog = screen.getByRole('dialog');
    // Not delivered yet: the dialog says a refunded line leaves the order (docs/money.md).
    expect(dialog.textContent).toContain('возвращённые позиции уйдут из заказа, его сумма уменьшится');
    const [firstLine] = within(dialog).getAllByRole('textbox');
    fireEvent.change(firstLine as HTMLElement, { target: { value: '1' } });
    await act(async () => {
      fireEvent.submit(within(dialog).getByRole('form', { name: 'Возврат' }));
    });
    expect(refund).toHaveBeenCalledWith(8, { lines: [{ line: 0, quantity: 1 }] }, '', expect.anything());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).toContain('Частично возвращено: 11\u00a0000\u00a0₽');
  });
});
