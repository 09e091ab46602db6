import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail, OrderServiceLine } from '../../../src/application/ports/admin-orders.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { OrderDetailView } from '../../../src/ui/admin/orders/order-detail-view';
import { adminOrder } from './admin-fixtures';
import { delivery, memoryDeliveries, WINDOWS } from './memory-deliveries';
import { type OrderScreenPorts, renderOrderScreen } from './orders-test-support';

afterEach(cleanup);

const GOODS = 5_499_000;
const SERVICES: readonly OrderServiceLine[] = [
  { kind: 'delivery', label: 'Доставка', amount: 150_000 },
  { kind: 'carrying', label: 'Подъём на 5 этаж без лифта', amount: 100_000 },
];
const withServices = (services: readonly OrderServiceLine[], changes: Partial<AdminOrderDetail> = {}) =>
  adminOrder({
    id: 12,
    services,
    total: GOODS + services.reduce((sum, line) => sum + line.amount, 0),
    ...changes,
  });

const renderCard = (order: AdminOrderDetail, ports: OrderScreenPorts = {}) =>
  renderOrderScreen(<OrderDetailView order={order} origin="" />, `/admin/orders/${order.id}`, {
    ...ports,
    orders: {
      payLink: async () => Promise.reject(new Error('no signed link in this test')),
      ...ports.orders,
    },
  });

const section = () =>
  screen.getByRole('heading', { name: 'Доставка и услуги' }).closest('section') as HTMLElement;
const inSection = () => within(section());
const field = (label: string) => inSection().getByLabelText(label) as HTMLInputElement;
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(inSection().getByRole('button', { name }));
  });
};

describe('order card: «Доставка и услуги»', () => {
  it('edits the lines — a price, a removal, an added service — and the total comes from the server', async () => {
    const saved = withServices([
      { kind: 'delivery', label: 'Доставка', amount: 120_000 },
      { kind: 'assembly', label: 'Сборка', amount: 250_000 },
    ]);
    const updateServices = vi.fn(async () => saved);
    await renderCard(withServices(SERVICES), { orders: { updateServices } });
    expect(inSection().getByText('Подъём на 5 этаж без лифта')).toBeTruthy();
    expect(inSection().getByText(/Итого по заказу: 57\s490\s₽/)).toBeTruthy();

    await click('Изменить услуги');
    fireEvent.change(field('Цена услуги 1, ₽'), { target: { value: '1 200' } });
    await click('Убрать услугу 2');
    fireEvent.change(field('Добавить услугу'), { target: { value: 'assembly' } });
    expect(field('Услуга 2').value).toBe('Сборка');
    fireEvent.change(field('Цена услуги 2, ₽'), { target: { value: '2500' } });
    await click('Сохранить услуги');

    expect(updateServices).toHaveBeenCalledWith(
      12,
      [
        { kind: 'delivery', label: 'Доставка', amount: 120_000 },
        { kind: 'assembly', label: 'Сборка', amount: 250_000 },
      ],
      GOODS + 250_000,
      expect.anything(),
    );
    await inSection().findByText('Услуги сохранены, итог заказа пересчитан.');
    expect(inSection().getByText(/Итого по заказу: 58\s690\s₽/)).toBeTruthy();
    // The card's header follows the saved order too.
    expect(screen.getByText(/58\s690\s₽ ·/)).toBeTruthy();
  });

  it('a draft with an empty name or a price in kopecks is not sent', async () => {
    const updateServices = vi.fn();
    await renderCard(withServices(SERVICES), { orders: { updateServices } });
    await click('Изменить услуги');
    fireEvent.change(field('Услуга 1'), { target: { value: ' ' } });
    fireEvent.change(field('Цена услуги 2, ₽'), { target: { value: '99,50' } });
    await click('Сохранить услуги');
    expect(inSection().getByText('Назовите услугу')).toBeTruthy();
    expect(inSection().getByText('Цена — в целых рублях, не меньше нуля')).toBeTruthy();
    expect(updateServices).not.toHaveBeenCalled();
  });

  it('a stale save (409) rereads the order: the card shows it, the draft stays, the next save goes over it', async () => {
    const theirs = withServices([{ kind: 'delivery', label: 'Доставка', amount: 300_000 }]);
    const mine = withServices([{ kind: 'delivery', label: 'Доставка', amount: 0 }]);
    const updateServices = vi
      .fn()
      .mockRejectedValueOnce(
        new PortFailure({
          kind: 'bad-request',
          status: 409,
          code: 'order_changed',
          message: 'HTTP 409',
          serverMessage:
            'Заказ только что изменил другой сотрудник. Обновите карточку: ваши изменения не сохранены.',
        }),
      )
      .mockResolvedValueOnce(mine);
    const get = vi.fn(async () => theirs);
    await renderCard(withServices(SERVICES), { orders: { updateServices, get } });
    await click('Изменить услуги');
    await click('Убрать услугу 2');
    fireEvent.change(field('Цена услуги 1, ₽'), { target: { value: '0' } });
    await click('Сохранить услуги');
    expect((await inSection().findByRole('alert')).textContent).toContain('изменил другой сотрудник');
    expect(get).toHaveBeenCalledWith(12, expect.anything());
    expect(inSection().getByText(/Итого по заказу: 57\s990\s₽/)).toBeTruthy();
    expect(field('Цена услуги 1, ₽').value).toBe('0');
    await click('Сохранить услуги');
    expect(updateServices).toHaveBeenLastCalledWith(
      12,
      [{ kind: 'delivery', label: 'Доставка', amount: 0 }],
      theirs.total,
      expect.anything(),
    );
    await inSection().findByText(/Итого по заказу: 54\s990\s₽/);
  });

  it('«Перенести»: a full day cannot be chosen; a free day’s window moves the order over the slot shown', async () => {
    const store = memoryDeliveries({
      '2026-11-30': [delivery(12, { windowId: 1 })],
      '2026-12-01': [delivery(30), delivery(31)],
    });
    store.otherManagerSets('2026-12-01', 2);
    const booked = withServices(SERVICES, {
      delivery: {
        method: 'courier',
        address: 'Москва, ул. Лесная, 5',
        slot: { day: '2026-11-30', windowId: 1, label: 'Весь день, 10:00–22:00', price: 0 },
      },
      deliveryDetails: {
        date: '2026-11-30',
        timeSlot: 'Весь день, 10:00–22:00',
        floor: null,
        lift: null,
        assembly: false,
      },
    });
    const moved = withServices(SERVICES, {
      delivery: {
        method: 'courier',
        address: 'Москва, ул. Лесная, 5',
        slot: { day: '2026-12-02', windowId: 2, label: '10:00–13:00', price: 100_000 },
      },
    });
    const get = vi.fn(async () => moved);
    await renderCard(booked, { orders: { get }, deliveries: store.port });
    expect(inSection().getByText('30 ноября 2026 г., Весь день, 10:00–22:00')).toBeTruthy();
    await click('Перенести');

    await act(async () => {
      fireEvent.change(field('Новый день доставки'), { target: { value: '2026-12-01' } });
    });
    await inSection().findByText(/вторник, 1 декабря: занято 2 из 2 — мест нет/);
    expect(inSection().queryByRole('radio')).toBeNull();
    expect((inSection().getByRole('button', { name: 'Перенести сюда' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await act(async () => {
      fireEvent.change(field('Новый день доставки'), { target: { value: '2026-12-02' } });
    });
    await inSection().findByText(/среда, 2 декабря: занято 0 из 8/);
    fireEvent.click(inSection().getByRole('radio', { name: /10:00–13:00/ }));
    await click('Перенести сюда');
    await inSection().findByText('Доставка перенесена.');
    expect(store.calls).toContain(`move 12 to 2026-12-02 ${WINDOWS[1]?.id}`);
    expect(inSection().getByText(/2 декабря 2026 г\., 10:00–13:00 · 1\s000\s₽/)).toBeTruthy();
  });

  it('a day that filled up meanwhile (409) keeps the picker with the message and the day as it is now', async () => {
    const store = memoryDeliveries({ '2026-12-02': [] });
    const order = withServices(SERVICES);
    await renderCard(order, { orders: { get: async () => order }, deliveries: store.port });
    await click('Перенести');
    await act(async () => {
      fireEvent.change(field('Новый день доставки'), { target: { value: '2026-12-02' } });
    });
    await inSection().findByText(/занято 0 из 8/);
    fireEvent.click(inSection().getByRole('radio', { name: /Весь день/ }));
    store.otherManagerSets('2026-12-02', 0);
    await click('Перенести сюда');
    expect((await inSection().findByRole('alert')).textContent).toContain('На этот день мест больше нет');
    await inSection().findByText(/занято 0 из 0 — мест нет/);
  });
});
