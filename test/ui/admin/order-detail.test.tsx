import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_DATE_REQUIRED } from '../../../shared-rules/delivery-agreement-rule';
import type { AdminOrderDetail, ContactPatch } from '../../../src/application/ports/admin-orders.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { OrderDetailView } from '../../../src/ui/admin/orders/order-detail-view';
import { adminOrder } from './admin-fixtures';
import { type OrderScreenPorts, renderOrderScreen } from './orders-test-support';

afterEach(cleanup);

const renderCard = (order: AdminOrderDetail, orders: OrderScreenPorts['orders'] = {}, origin = '') =>
  renderOrderScreen(<OrderDetailView order={order} origin={origin} />, `/admin/orders/${order.id}`, {
    orders: { payLink: async () => Promise.reject(new Error('no signed link in this test')), ...orders },
  });

const statusCard = () => screen.getByRole('heading', { name: 'Статус' }).closest('section') as HTMLElement;

const AWAITING_PAYMENT: Partial<AdminOrderDetail> = {
  status: 'awaiting_payment',
  statusLabel: 'Ожидает оплаты',
  actions: [
    { to: 'confirmed', label: 'Закрыть оплату' },
    { to: 'paid', label: 'Отметить оплату' },
    { to: 'cancelled', label: 'Отменить заказ' },
  ],
  paymentAllowed: true,
  paymentState: 'awaiting',
};

describe('order card', () => {
  it('offers only the chart’s moves, confirms a cancellation, and shows the order the server answered', async () => {
    const updateStatus = vi.fn(async () =>
      adminOrder({ id: 5, status: 'cancelled', statusLabel: 'Отменён', actions: [] }),
    );
    await renderCard(adminOrder({ id: 5 }), { updateStatus }, 'https://shop.test');
    expect(within(statusCard()).getByRole('button', { name: 'Подтвердить' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Завершить' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Ссылка на оплату' }) as HTMLInputElement).value).toBe(
      'https://shop.test/pay/5',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('будет отменён');
    expect(updateStatus).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    });
    expect(updateStatus).toHaveBeenCalledWith(5, 'cancelled', 'new', expect.anything());
    // The answer is the card's new state: no second read of the order.
    await within(statusCard()).findByText('Отменён');
    expect(within(statusCard()).getByText('Дальнейших переходов нет.')).toBeTruthy();
  });

  it('after «Разрешить оплату» the card does not offer «Подтвердить» again: it offers to close the payment', async () => {
    const updateStatus = vi.fn(async () => adminOrder({ id: 9, ...AWAITING_PAYMENT }));
    await renderCard(adminOrder({ id: 9 }), { updateStatus });
    await act(async () => {
      fireEvent.click(within(statusCard()).getByRole('button', { name: 'Разрешить оплату' }));
    });
    expect(updateStatus).toHaveBeenCalledWith(9, 'awaiting_payment', 'new', expect.anything());
    await within(statusCard()).findByText('Ожидает оплаты');
    const buttons = within(statusCard())
      .getAllByRole('button')
      .map((button) => button.textContent?.trim());
    expect(buttons).not.toContain('Подтвердить');
    expect(buttons).not.toContain('Разрешить оплату');
    expect(buttons).toEqual(expect.arrayContaining(['Закрыть оплату', 'Отметить оплату', 'Отменить заказ']));
    expect(screen.getByText('оплата по ссылке разрешена')).toBeTruthy();

    // Closing the payment is the chart's move to «Подтверждён», asked first.
    fireEvent.click(within(statusCard()).getByRole('button', { name: 'Закрыть оплату' }));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Ссылка на оплату заказа № 9 перестанет действовать',
    );
  });

  it('refuses «Согласовать доставку» without a delivery date and says so at the «Дата» field', async () => {
    const updateStatus = vi.fn();
    const dated = adminOrder({
      id: 10,
      status: 'in_stock',
      statusLabel: 'На складе',
      actions: [
        { to: 'delivery_agreed', label: 'Согласовать доставку' },
        { to: 'shipped', label: 'Передать в доставку' },
      ],
      deliveryDetails: { date: '2026-12-01', timeSlot: null, floor: null, lift: null, assembly: false },
    });
    const updateDelivery = vi.fn(async () => dated);
    await renderCard(
      { ...dated, deliveryDetails: { ...dated.deliveryDetails, date: null } },
      {
        updateStatus,
        updateDelivery,
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Согласовать доставку' }));
    expect(updateStatus).not.toHaveBeenCalled();
    const delivery = screen.getByRole('form', { name: 'Доставка' });
    const date = within(delivery).getByLabelText('Дата');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(delivery.textContent).toContain(DELIVERY_DATE_REQUIRED);
    expect(document.activeElement).toBe(date);

    // The date saved, the message goes and the move is sent.
    fireEvent.change(date, { target: { value: '2026-12-01' } });
    await act(async () => {
      fireEvent.submit(delivery);
    });
    await waitFor(() => expect(delivery.textContent).not.toContain(DELIVERY_DATE_REQUIRED));
    updateStatus.mockResolvedValue({
      ...dated,
      status: 'delivery_agreed',
      statusLabel: 'Доставка согласована',
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Согласовать доставку' }));
    });
    expect(updateStatus).toHaveBeenCalledWith(10, 'delivery_agreed', 'in_stock', expect.anything());
  });

  it('a status someone changed meanwhile: the message, and the card shows the order as it is now', async () => {
    const updateStatus = vi.fn(async () => {
      throw new PortFailure({
        kind: 'bad-request',
        message: '409',
        status: 409,
        code: 'status_changed',
        serverMessage: 'Статус заказа уже изменён другим менеджером',
      });
    });
    const get = vi.fn(async () => adminOrder({ id: 12, ...AWAITING_PAYMENT }));
    await renderCard(adminOrder({ id: 12 }), { updateStatus, get });
    await act(async () => {
      fireEvent.click(within(statusCard()).getByRole('button', { name: 'Подтвердить' }));
    });
    expect((await within(statusCard()).findByRole('alert')).textContent).toContain('уже изменён');
    expect(within(statusCard()).getByText('Ожидает оплаты')).toBeTruthy();
  });

  it('keeps what was typed when the save fails, and shows why', async () => {
    const sent: ContactPatch[] = [];
    const updateContact = async (_id: number, contact: ContactPatch) => {
      sent.push(contact);
      throw new PortFailure({
        kind: 'bad-request',
        message: '422',
        status: 422,
        serverMessage: 'Телефон должен содержать от 10 до 15 цифр',
      });
    };
    await renderCard(adminOrder({ id: 6 }), { updateContact });
    const form = screen.getByRole('form', { name: 'Контакты покупателя' });
    const name = within(form).getByLabelText('Имя') as HTMLInputElement;
    const save = within(form).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Ольга Петровна' } });
    expect(save.disabled).toBe(false);
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(sent).toEqual([{ name: 'Ольга Петровна', phone: '+79215554433', email: 'olga@example.ru' }]);
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Телефон должен содержать от 10 до 15 цифр',
    );
    expect(name.value).toBe('Ольга Петровна');
  });

  it('does not send an invalid contact and marks the field', async () => {
    const updateContact = vi.fn();
    await renderCard(adminOrder({ id: 7 }), { updateContact });
    const form = screen.getByRole('form', { name: 'Контакты покупателя' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'не почта' } });
    fireEvent.submit(form);
    expect(updateContact).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Проверьте e-mail');
  });

  it('a saved cart redraws the totals and the header from the server’s answer', async () => {
    const order = adminOrder({ id: 13 });
    const updateCart = vi.fn(async () =>
      adminOrder({
        id: 13,
        items: order.items.map((line) => ({
          ...line,
          quantity: 2,
          lineTotal: 10_998_000,
          netTotal: 10_998_000,
        })),
        subtotal: 10_998_000,
        total: 10_998_000,
      }),
    );
    await renderCard(order, { updateCart });
    const cart = screen.getByRole('form', { name: 'Товары заказа' });
    fireEvent.change(within(cart).getByLabelText('Количество: Диван «Осло»'), { target: { value: '2' } });
    await act(async () => {
      fireEvent.submit(cart);
    });
    expect(updateCart).toHaveBeenCalledWith(13, [{ productId: 3, quantity: 2 }], expect.anything());
    await waitFor(() =>
      expect(within(cart).getByLabelText('Итоги (по данным сервера)').textContent).toContain(
        'Итого109\u00a0980\u00a0₽',
      ),
    );
    // The page's subtitle reads the same saved order.
    expect(document.body.textContent).toContain('· 109\u00a0980\u00a0₽ ·');
  });

  it('marks a line sold «под заказ» with a badge, and only that line', async () => {
    const base = adminOrder({ id: 8 });
    const [sofa] = base.items;
    if (!sofa) throw new Error('the fixture has a line');
    const order = adminOrder({
      id: 8,
      items: [
        { ...sofa, backorder: true },
        { ...sofa, productId: 4, name: 'Кресло «Берген»' },
      ],
    });
    await renderCard(order, {}, 'https://shop.test');
    const lines = within(screen.getByRole('form', { name: 'Товары заказа' })).getAllByRole('row');
    const sofaRow = lines.find((row) => row.textContent?.includes('Диван «Осло»'));
    const chairRow = lines.find((row) => row.textContent?.includes('Кресло «Берген»'));
    expect(within(sofaRow as HTMLElement).getByText('под заказ')).toBeTruthy();
    expect(within(chairRow as HTMLElement).queryByText('под заказ')).toBeNull();
  });
});
