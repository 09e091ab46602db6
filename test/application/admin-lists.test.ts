import { describe, expect, it } from 'vitest';
import {
  bulkActionTitle,
  bulkPreview,
  bulkPreviewSummary,
  bulkStatusTargets,
} from '../../src/application/admin/bulk-preview';
import { parseClientListSearch, parseRequestListSearch } from '../../src/application/admin/list-search';
import {
  activeFilterCount,
  nextSort,
  orderQueryOf,
  parseOrderListSearch,
  sameFilters,
} from '../../src/application/admin/order-list-search';
import {
  BUILT_IN_ORDER_VIEWS,
  deleteView,
  personalViews,
  saveView,
} from '../../src/application/admin/saved-views';
import { adminOrder, memoryStorage } from '../ui/admin/admin-fixtures';

describe('orders list search params', () => {
  it('keeps valid filters and drops anything malformed', () => {
    expect(
      parseOrderListSearch({
        status: ['new', 'bogus', 'confirmed', 'new'],
        from: '2026-11-01',
        to: '2026-13-45',
        payment: 'awaiting',
        delivery: 'drone',
        q: '  8 921 555 44 33  ',
        overdue: 'true',
        deleted: 'yes',
        sort: 'total',
        dir: 'sideways',
        page: '3',
      }),
    ).toEqual({
      status: ['new', 'confirmed'],
      from: '2026-11-01',
      payment: 'awaiting',
      q: '8 921 555 44 33',
      overdue: true,
      sort: 'total',
      page: 3,
    });
    expect(parseOrderListSearch({ page: '1', status: 'paid,cancelled' })).toEqual({
      status: ['paid', 'cancelled'],
    });
    expect(parseOrderListSearch({ page: '-2', q: '   ' })).toEqual({});
  });

  it('builds the API query with the page size, and compares filters without paging and sorting', () => {
    expect(orderQueryOf({ status: ['new'] })).toEqual({ status: ['new'], page: 1, limit: 25 });
    expect(sameFilters({ status: ['new'], page: 3, sort: 'total' }, { status: ['new'] })).toBe(true);
    expect(sameFilters({ status: ['new'] }, { status: ['new'], overdue: true })).toBe(false);
    expect(activeFilterCount({ status: ['new'], q: 'x', page: 2 })).toBe(2);
  });

  it('sorts a new column descending first and flips the same column', () => {
    expect(nextSort({ page: 4 }, 'total')).toEqual({ sort: 'total', dir: 'desc' });
    expect(nextSort({ sort: 'total', dir: 'desc' }, 'total')).toEqual({ sort: 'total', dir: 'asc' });
    expect(nextSort({}, 'createdAt')).toEqual({ sort: 'createdAt', dir: 'asc' });
  });

  it('checks the inbox and client list params too', () => {
    expect(parseRequestListSearch({ type: 'feedback', status: 'nope', assignee: 'none', page: '2' })).toEqual(
      {
        type: 'feedback',
        assignee: 'none',
        page: 2,
      },
    );
    expect(parseRequestListSearch({ assignee: '12' })).toEqual({ assignee: 12 });
    expect(parseClientListSearch({ q: ' +7 921 ', sort: 'name_asc', page: 'x' })).toEqual({
      q: '+7 921',
      sort: 'name_asc',
    });
  });
});

describe('bulk preview', () => {
  const orders = [
    adminOrder({ id: 1 }),
    adminOrder({
      id: 2,
      status: 'delivered',
      statusLabel: 'Доставлен',
      actions: [{ to: 'completed', label: 'Завершить' }],
    }),
    adminOrder({ id: 3, deletedAt: '2026-11-20T10:00:00.000Z', actions: [] }),
  ];

  it('bulk «Разрешить оплату» names each order it skips and why (issue 22, item 8)', () => {
    const selection = [
      adminOrder({ id: 1042, paymentMethod: 'on_delivery' }),
      adminOrder({ id: 1043 }),
      adminOrder({ id: 1044, status: 'cancelled', statusLabel: 'Отменён', actions: [] }),
      adminOrder({ id: 1045, status: 'paid', statusLabel: 'Оплачен', paid: true, actions: [] }),
      adminOrder({ id: 1046, deletedAt: '2026-11-20T10:00:00.000Z', actions: [] }),
      adminOrder({
        id: 1047,
        status: 'awaiting_payment',
        statusLabel: 'Ожидает оплаты',
        paymentAllowed: true,
      }),
    ];
    const preview = bulkPreview(
      selection.map((order) => order.id),
      selection,
      { kind: 'allowPayment' },
    );
    expect(preview.map((row) => `№ ${row.id} — ${row.change}`)).toEqual([
      '№ 1042 — оплата при получении',
      '№ 1043 — Новый → Ожидает оплаты',
      '№ 1044 — заказ отменён',
      '№ 1045 — уже оплачен',
      '№ 1046 — заказ в корзине',
      '№ 1047 — оплата уже разрешена',
    ]);
    expect(preview.filter((row) => row.allowed).map((row) => row.id)).toEqual([1043]);
    expect(bulkPreviewSummary(preview, { kind: 'allowPayment' })).toBe(
      'Оплата откроется для 1 из 6. Остальные пропущены (причина — в списке): им не придёт письмо «можно оплатить».',
    );
  });

  it('reads what the chart allows from each order', () => {
    expect(bulkPreview([1, 2], orders, { kind: 'allowPayment' })).toEqual([
      { id: 1, allowed: true, change: 'Новый → Ожидает оплаты' },
      { id: 2, allowed: false, change: 'из статуса «Доставлен» оплату не открыть' },
    ]);
    expect(bulkPreview([2], orders, { kind: 'status', status: 'completed' })[0]?.allowed).toBe(true);
    expect(bulkPreview([1, 3], orders, { kind: 'delete' }).map((row) => row.allowed)).toEqual([true, false]);
    expect(bulkPreview([99], orders, { kind: 'delete' })[0]?.change).toContain('проверит сервер');
  });

  it('offers the statuses some selected order can move to, and names the action', () => {
    expect([...bulkStatusTargets([1, 2], orders)].sort()).toEqual([
      'awaiting_payment',
      'cancelled',
      'completed',
      'confirmed',
    ]);
    expect(bulkActionTitle({ kind: 'status', status: 'confirmed' })).toBe('Сменить статус на «Подтверждён»');
    expect(bulkActionTitle({ kind: 'delete' })).toBe('Удалить заказы');
  });
});

describe('saved views', () => {
  it('saves, replaces by name, lists and deletes personal views; built-ins stay', () => {
    const storage = memoryStorage();
    expect(personalViews(storage)).toEqual([]);
    saveView(storage, ' Курьер сегодня ', { delivery: 'courier' }, 1);
    saveView(storage, 'курьер сегодня', { delivery: 'courier', overdue: true }, 2);
    const views = personalViews(storage);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      name: 'курьер сегодня',
      filters: { delivery: 'courier', overdue: true },
    });
    expect(deleteView(storage, views[0]?.id ?? '')).toEqual([]);
    expect(BUILT_IN_ORDER_VIEWS.map((view) => view.name)).toEqual([
      'Все заказы',
      'Новые',
      'Ждут оплаты',
      'Просроченные',
      'Корзина',
    ]);
  });

  it('survives garbage in storage', () => {
    const storage = memoryStorage();
    storage.write(
      { key: 'adminOrderViews', decode: (raw) => raw ?? '', encode: (value: string) => value },
      '{oops',
    );
    expect(personalViews(storage)).toEqual([]);
    storage.write(
      { key: 'adminOrderViews', decode: (raw) => raw ?? '', encode: (value: string) => value },
      JSON.stringify([{ id: 'a', name: 'Ок', filters: { status: ['new', 'x'] } }, { id: 'b' }, 5]),
    );
    expect(personalViews(storage)).toEqual([
      { id: 'a', name: 'Ок', filters: { status: ['new'] }, builtIn: false },
    ]);
  });
});
