import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readOrdersPage } from '../../../src/application/admin/orders/read-orders-page.query';
import {
  ADMIN_ORDERS_PORT,
  type AdminOrderPage,
  type AdminOrderQuery,
  type AdminOrdersPort,
  type BulkOutcome,
} from '../../../src/application/ports/admin-orders.port';
import { OrdersListView } from '../../../src/ui/admin/orders/orders-list-view';
import { provide, testUseCases } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { adminOrder, memoryStorage } from './admin-fixtures';
import { renderOrderScreen } from './orders-test-support';

const PAGE: AdminOrderPage = {
  items: [
    adminOrder({ id: 11 }),
    adminOrder({
      id: 12,
      status: 'delivered',
      statusLabel: 'Доставлен',
      actions: [{ to: 'completed', label: 'Завершить' }],
      paymentState: 'paid',
      overdue: true,
    }),
  ],
  total: 2,
  page: 1,
  limit: 25,
};

async function renderList(bulkAllowPayment: (ids: readonly number[]) => Promise<BulkOutcome>) {
  const reload = vi.fn();
  await renderOrderScreen(
    <OrdersListView
      search={{}}
      page={PAGE}
      exportCsv="/x.csv"
      exportXlsx="/x.xlsx"
      exportLinesXlsx="/lines.xlsx"
      reload={reload}
    />,
    '/admin/orders',
    { orders: { bulkAllowPayment: async (ids) => bulkAllowPayment(ids) } },
  );
  return { reload };
}

afterEach(cleanup);

describe('orders list', () => {
  it('lists the orders with status, overdue flag and export links', async () => {
    await renderList(async () => ({ results: [] }));
    const table = screen.getByRole('table', { name: 'Заказы' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('Новый');
    expect(rows[2]?.textContent).toContain('Просрочен');
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe('/x.csv');
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toBe('/x.xlsx');
    expect(screen.getByRole('link', { name: 'Позиции, Excel' }).getAttribute('href')).toBe('/lines.xlsx');
    // The built-in views are offered; «Все заказы» is the current one.
    expect(screen.getByRole('link', { name: 'Все заказы' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Просроченные' })).toBeTruthy();
  });

  it('previews a bulk allow-payment per order from its actions, applies it, and shows per-order results', async () => {
    const sent: (readonly number[])[] = [];
    const { reload } = await renderList(async (ids) => {
      sent.push(ids);
      return {
        results: [
          { id: 11, ok: true },
          { id: 12, ok: false, error: 'Из статуса «Доставлен» нельзя перейти в «Ожидает оплаты»' },
        ],
      };
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать все на странице' }));
    const bar = screen.getByRole('region', { name: 'Действия с выбранными' });
    expect(bar.textContent).toContain('Выбрано: 2');
    fireEvent.click(within(bar).getByRole('button', { name: 'Разрешить оплату' }));

    const dialog = screen.getByRole('dialog', { name: 'Разрешить оплату' });
    const preview = within(dialog).getByRole('list', { name: 'Что изменится' });
    expect(preview.textContent).toContain('Новый → Ожидает оплаты');
    expect(preview.textContent).toContain('из статуса «Доставлен» оплату не открыть');
    expect(dialog.textContent).toContain('Оплата откроется для 1 из 2. Остальные пропущены');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Применить к 1' }));
    });
    expect(sent).toEqual([[11, 12]]);

    const results = await screen.findByRole('dialog', { name: 'Результат' });
    expect(results.textContent).toContain('Выполнено: 1 из 2');
    expect(results.textContent).toContain('Из статуса «Доставлен» нельзя перейти в «Ожидает оплаты»');
    fireEvent.click(within(results).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('region', { name: 'Действия с выбранными' })).toBeNull();
  });

  it('cancelling the confirmation changes nothing and keeps the selection', async () => {
    const apply = vi.fn(async () => ({ results: [] }));
    await renderList(apply);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать: заказ № 11' }));
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить заказы' });
    expect(dialog.textContent).toContain('в корзину');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(apply).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Действия с выбранными' }).textContent).toContain('Выбрано: 1');
  });

  it('saves the current filters as a personal view', async () => {
    const storage = memoryStorage();
    await renderOrderScreen(
      <OrdersListView
        search={{ payment: 'paid' }}
        page={PAGE}
        exportCsv="/x.csv"
        exportXlsx="/x.xlsx"
        exportLinesXlsx="/lines.xlsx"
        reload={() => undefined}
      />,
      '/admin/orders?payment=paid',
      { storage },
    );
    fireEvent.click(screen.getByRole('button', { name: /Сохранить вид/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Название вида' }), {
      target: { value: 'Оплаченные' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const view = await screen.findByRole('link', { name: /Оплаченные/ });
    expect(view.getAttribute('aria-current')).toBe('page');
    expect(storage.read({ key: 'adminOrderViews', decode: (raw) => raw, encode: String })).toContain(
      '"payment":"paid"',
    );
  });
});

describe('orders list: «Доставка согласована» in bulk', () => {
  it('leaves an order without a delivery date alone and says why, before and after the call', async () => {
    const sent: unknown[] = [];
    const inStock = {
      status: 'in_stock' as const,
      statusLabel: 'На складе',
      actions: [{ to: 'delivery_agreed' as const, label: 'Согласовать доставку' }],
    };
    const page: AdminOrderPage = {
      items: [
        adminOrder({
          id: 21,
          ...inStock,
          deliveryDetails: { date: '2026-12-01', timeSlot: null, floor: null, lift: null, assembly: false },
        }),
        adminOrder({ id: 22, ...inStock }),
      ],
      total: 2,
      page: 1,
      limit: 25,
    };
    await renderOrderScreen(
      <OrdersListView
        search={{}}
        page={page}
        exportCsv="/x.csv"
        exportXlsx="/x.xlsx"
        exportLinesXlsx="/lines.xlsx"
        reload={() => undefined}
      />,
      '/admin/orders',
      {
        orders: {
          bulkUpdateStatus: async (orders) => {
            sent.push(orders);
            return { results: orders.map((order) => ({ id: order.id, ok: true })) };
          },
        },
      },
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать все на странице' }));
    fireEvent.change(screen.getByLabelText('Новый статус'), { target: { value: 'delivery_agreed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сменить статус' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('list', { name: 'Что изменится' }).textContent).toContain(
      'нет даты доставки',
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Применить к 1' }));
    });
    expect(sent).toEqual([[{ id: 21, expectedStatus: 'in_stock' }]]);
    const results = await screen.findByRole('dialog', { name: 'Результат' });
    expect(results.textContent).toContain('Выполнено: 1 из 2');
    expect(results.textContent).toContain('Укажите дату доставки');
  });
});

describe('orders list exports', () => {
  it('links the orders and their lines («Позиции») with the list’s own filters, never its page', async () => {
    const asked: { query: AdminOrderQuery; format: string; sheet: string }[] = [];
    const orders = strictFake<AdminOrdersPort>('AdminOrdersPort', {
      list: async () => PAGE,
      exportUrl: async (query, format, sheet) => {
        asked.push({ query, format, sheet });
        return `/${sheet}.${format}`;
      },
    });
    const read = testUseCases([provide(ADMIN_ORDERS_PORT, orders)])(readOrdersPage);
    const answer = await read({ status: ['new'], q: '921', overdue: true, page: 3 });
    expect(answer.exportLinesXlsx).toBe('/lines.xlsx');
    expect(answer.exportXlsx).toBe('/orders.xlsx');
    expect(asked.map(({ format, sheet }) => `${sheet}.${format}`)).toEqual([
      'orders.csv',
      'orders.xlsx',
      'lines.xlsx',
    ]);
    const [orderSheet, , linesSheet] = asked;
    expect(linesSheet?.query).toEqual(orderSheet?.query);
    expect(linesSheet?.query).toMatchObject({ status: ['new'], q: '921', overdue: true });
  });
});
