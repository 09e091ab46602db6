import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatKopecks } from '../../../shared-rules/money-rule';
import {
  ADMIN_STAFF_PORT,
  type AdminStaffPort,
  type AuditEntry,
  type AuditQuery,
  type StaffMember,
} from '../../../src/application/ports/admin-staff.port';
import type { RouterContext } from '../../../src/ui/router-context';
import { Route as AuditRoute } from '../../../src/ui/routes/admin/audit';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { provide } from '../../support/test-ports';
import { routeTestShop, strictFake } from '../routes/route-test-support';

/**
 * «Журнал действий» (issue 26, item 1) on its real route: the address's filters reach the staff port's
 * audit call, each entry shows who, what, when in Moscow time and before → after, and the pager keeps
 * the filters. The server's filtering itself: test/api/staff.api.test.ts.
 */
afterEach(cleanup);

const OLGA: StaffMember = {
  id: 2,
  email: 'olga@shop.ru',
  name: 'Ольга',
  role: 'manager',
  blocked: false,
  totpEnabled: false,
  createdAt: '2026-11-20T09:00:00.000Z',
};

const ENTRY: AuditEntry = {
  id: 41,
  at: '2026-11-27T08:05:00.000Z',
  actor: { id: 2, name: 'Ольга' },
  area: 'orders',
  action: 'order.statusChanged',
  entityType: 'order',
  entityId: '1042',
  changes: [{ field: 'status', before: 'new', after: 'confirmed' }],
  ip: '203.0.113.7',
};

/** A price change, and an action and field this screen has no words for yet (shown as their codes). */
const MORE: readonly AuditEntry[] = [
  {
    id: 40,
    at: '2026-11-27T08:00:00.000Z',
    actor: { id: 2, name: 'Ольга' },
    area: 'catalogue',
    action: 'product.updated',
    entityType: 'product',
    entityId: '7',
    changes: [
      { field: 'price', before: '13886400', after: '12990000' },
      { field: 'backorder_allowed', before: 'false', after: 'true' },
    ],
    ip: null,
  },
  {
    id: 39,
    at: '2026-11-27T07:00:00.000Z',
    actor: null,
    area: null,
    action: 'warehouse.teleported',
    entityType: 'pallet',
    entityId: '3',
    changes: [{ field: 'warp', before: null, after: '9' }],
    ip: null,
  },
];

async function renderAudit(path: string, audit: AdminStaffPort['audit']) {
  const shop = routeTestShop([
    provide(
      ADMIN_STAFF_PORT,
      strictFake<AdminStaffPort>('AdminStaffPort', { audit, list: async () => [OLGA] }),
    ),
  ]);
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <ShopRuntimeProvider shop={shop}>
        <Outlet />
      </ShopRuntimeProvider>
    ),
  });
  const route = AuditRoute.update({
    id: '/admin/audit',
    path: '/admin/audit',
    getParentRoute: () => root,
  } as never);
  const router = createRouter({
    routeTree: root.addChildren([route]),
    context: { shop },
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPendingMs: 0,
  });
  await act(async () => {
    await router.load();
    render(<RouterProvider router={router} />);
  });
  return router;
}

describe('audit log screen', () => {
  it('shows who, what, when (Moscow) and before → after in Russian; the filters come from the address', async () => {
    const audit = vi.fn(async (query: AuditQuery) => ({
      items: [ENTRY, ...MORE],
      total: 120,
      page: query.page,
      limit: query.limit,
    }));
    await renderAudit(
      '/admin/audit?actorId=2&area=orders&from=2026-11-01&to=2026-11-27&q=1042&page=2&bogus=1',
      audit,
    );
    expect(audit).toHaveBeenCalledWith(
      { actorId: 2, area: 'orders', from: '2026-11-01', to: '2026-11-27', q: '1042', page: 2, limit: 50 },
      expect.anything(),
    );
    const row = (await screen.findByText('Изменён статус заказа')).closest('tr');
    if (row === null) throw new Error('no row');
    // 08:05 UTC is 11:05 in Moscow.
    expect(within(row).getByText('27.11.2026, 11:05')).toBeTruthy();
    expect(within(row).getByText('Ольга')).toBeTruthy();
    expect(within(row).getByText('Заказы · Заказ № 1042')).toBeTruthy();
    expect(within(row).getByRole('list', { name: 'Изменения' }).textContent).toBe(
      'Статус: Новый → Подтверждён',
    );
    // The action (by its label, which the server's search reads back) and the person filter the log.
    const byAction =
      within(row).getByRole('link', { name: 'Изменён статус заказа' }).getAttribute('href') ?? '';
    expect(new URL(byAction, 'http://shop').searchParams.get('q')).toBe('Изменён статус заказа');
    const byPerson = within(row).getByRole('link', { name: 'Ольга' }).getAttribute('href') ?? '';
    expect(new URL(byPerson, 'http://shop').searchParams.get('actorId')).toBe('2');
    const product = screen.getByText('Товар изменён').closest('tr');
    if (product === null) throw new Error('no product row');
    expect(within(product).getByText('Каталог · Товар № 7')).toBeTruthy();
    expect(within(product).getByRole('list', { name: 'Изменения' }).textContent).toBe(
      `Цена: ${formatKopecks(13_886_400)} → ${formatKopecks(12_990_000)}Под заказ: нет → да`,
    );
    // Nothing to call it yet: the codes, never an empty cell or a crash.
    const unknown = screen.getByText('warehouse.teleported').closest('tr');
    if (unknown === null) throw new Error('no unknown row');
    expect(within(unknown).getByText('Система')).toBeTruthy();
    expect(within(unknown).getByText('pallet № 3')).toBeTruthy();
    expect(within(unknown).getByRole('list', { name: 'Изменения' }).textContent).toBe('warp: — → 9');
    expect(screen.getByText('Показаны 51–100 из 120')).toBeTruthy();
    expect((screen.getByLabelText('Сотрудник') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Раздел') as HTMLSelectElement).value).toBe('orders');
    expect(screen.getByRole('button', { name: 'Фильтры (5)' })).toBeTruthy();
    const next = screen.getByRole('link', { name: 'Страница 3' }).getAttribute('href') ?? '';
    expect(new URL(next, 'http://shop').searchParams.get('actorId')).toBe('2');
    expect(new URL(next, 'http://shop').searchParams.get('page')).toBe('3');
  });

  it('a filter change asks the server again from the first page', async () => {
    const audit = vi.fn(async (query: AuditQuery) => ({
      items: [],
      total: 0,
      page: query.page,
      limit: query.limit,
    }));
    const router = await renderAudit('/admin/audit?page=3', audit);
    expect(screen.getByText('Записей нет')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Раздел'), { target: { value: 'staff' } });
    });
    await waitFor(() =>
      expect(audit).toHaveBeenLastCalledWith({ area: 'staff', page: 1, limit: 50 }, expect.anything()),
    );
    expect(router.state.location.search).toEqual({ area: 'staff' });
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: '  Сотрудник заблокирован ' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Фильтры журнала' }));
    });
    await waitFor(() =>
      expect(audit).toHaveBeenLastCalledWith(
        { area: 'staff', q: 'Сотрудник заблокирован', page: 1, limit: 50 },
        expect.anything(),
      ),
    );
  });
});
