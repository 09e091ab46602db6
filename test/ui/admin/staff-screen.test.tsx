import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_STAFF_PORT,
  type AdminStaffPort,
  type NewStaffMember,
  type StaffChange,
  type StaffMember,
} from '../../../src/application/ports/admin-staff.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import { StaffView } from '../../../src/ui/admin/staff/staff-view';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { provide, testUseCases } from '../../support/test-ports';
import { renderWithRouter } from '../render-with-router';
import { strictFake } from '../routes/route-test-support';

/**
 * «Сотрудники» (issue 26, item 1): the view renders the screen machine's state
 * (src/application/admin/staff/staff-screen.machine.ts) built through the one door from the test's
 * port; each command's answer is the row the screen shows next.
 */
afterEach(cleanup);

const OWNER: StaffMember = {
  id: 1,
  email: 'owner@shop.ru',
  name: 'Елена Владелец',
  role: 'owner',
  blocked: false,
  totpEnabled: true,
  createdAt: '2026-11-01T09:00:00.000Z',
};
const MANAGER: StaffMember = {
  id: 2,
  email: 'olga@shop.ru',
  name: 'Ольга',
  role: 'manager',
  blocked: false,
  totpEnabled: false,
  createdAt: '2026-11-20T09:00:00.000Z',
};

function renderStaff(port: Partial<AdminStaffPort>) {
  return renderStaffWith(port, [OWNER, MANAGER]);
}

function renderStaffWith(port: Partial<AdminStaffPort>, staff: readonly StaffMember[]) {
  const shop = strictFake<ShopRuntime>('ShopRuntime', {
    resolve: testUseCases([provide(ADMIN_STAFF_PORT, strictFake<AdminStaffPort>('AdminStaffPort', port))]),
  });
  return renderWithRouter(
    <ShopRuntimeProvider shop={shop}>
      <StaffView staff={staff} selfId={OWNER.id} />
    </ShopRuntimeProvider>,
    '/admin/staff',
  );
}

const rowOf = (name: string): HTMLElement => {
  const row = screen.getByText(name).closest('tr');
  if (row === null) throw new Error(`no row for ${name}`);
  return row;
};

describe('staff screen', () => {
  it('lists the staff with their roles, access and second factor', async () => {
    await renderStaff({});
    const owner = rowOf('Елена Владелец');
    expect((within(owner).getByLabelText('Роль: Елена Владелец') as HTMLSelectElement).value).toBe('owner');
    expect(within(owner).getByText('Активен')).toBeTruthy();
    expect(within(owner).getByText('Включён')).toBeTruthy();
    const options = within(owner)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Владелец', 'Менеджер', 'Контент-редактор']);
  });

  it('adds a person after checking the form; the notice says the password went by e-mail', async () => {
    const create = vi.fn(
      async (member: NewStaffMember): Promise<StaffMember> => ({
        ...member,
        id: 3,
        blocked: false,
        totpEnabled: false,
        createdAt: '2026-11-27T09:00:00.000Z',
      }),
    );
    await renderStaff({ create });
    const form = screen.getByRole('form', { name: 'Новый сотрудник' });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getByText('Укажите e-mail: на него придёт временный пароль')).toBeTruthy();
    expect(within(form).getByText('Укажите имя: его видят в журнале и в заказах')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: ' irina@shop.ru ' } });
    fireEvent.change(within(form).getByLabelText('Имя'), { target: { value: 'Ирина' } });
    fireEvent.change(within(form).getByLabelText('Роль нового сотрудника'), { target: { value: 'content' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(create).toHaveBeenCalledWith(
      { email: 'irina@shop.ru', name: 'Ирина', role: 'content' },
      expect.anything(),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Ирина добавлен(а) с ролью «Контент-редактор». Временный пароль отправлен на irina@shop.ru.',
    );
    expect((within(rowOf('Ирина')).getByLabelText('Роль: Ирина') as HTMLSelectElement).value).toBe('content');
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
  });

  it('keeps the form when the server refuses the e-mail', async () => {
    const create = async (): Promise<StaffMember> => {
      throw new PortFailure({
        kind: 'bad-request',
        status: 409,
        message: 'conflict',
        serverMessage: 'Этот email принадлежит клиенту магазина. Укажите другой адрес.',
      });
    };
    await renderStaff({ create });
    const form = screen.getByRole('form', { name: 'Новый сотрудник' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'client@mail.ru' } });
    fireEvent.change(within(form).getByLabelText('Имя'), { target: { value: 'Клиент' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect((await screen.findByRole('alert')).textContent).toContain('принадлежит клиенту');
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe('client@mail.ru');
  });

  it('changes a role and blocks a person; each answer replaces the row', async () => {
    const change = vi.fn(
      async (id: number, patch: StaffChange): Promise<StaffMember> => ({
        ...MANAGER,
        id,
        ...(patch.role === undefined ? {} : { role: patch.role }),
        ...(patch.blocked === undefined ? {} : { blocked: patch.blocked }),
      }),
    );
    await renderStaff({ change });
    await act(async () => {
      fireEvent.change(within(rowOf('Ольга')).getByLabelText('Роль: Ольга'), {
        target: { value: 'content' },
      });
    });
    expect(change).toHaveBeenCalledWith(2, { role: 'content' }, expect.anything());
    expect((await screen.findByRole('status')).textContent).toBe('Роль изменена: «Контент-редактор».');
    await act(async () => {
      fireEvent.click(within(rowOf('Ольга')).getByRole('button', { name: 'Заблокировать' }));
    });
    expect(change).toHaveBeenLastCalledWith(2, { blocked: true }, expect.anything());
    expect(await within(rowOf('Ольга')).findByText('Заблокирован')).toBeTruthy();
    expect(within(rowOf('Ольга')).getByRole('button', { name: 'Разблокировать' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Ольга заблокирован(а): все сеансы завершены.');
  });

  it('resets a person’s lost second factor after the confirm dialog; never offers one’s own', async () => {
    const resetSecondFactor = vi.fn(
      async (id: number): Promise<StaffMember> => ({ ...MANAGER, id, totpEnabled: false }),
    );
    const port = { resetSecondFactor };
    await renderStaff(port);
    // The owner's own row: turned off on «Профиль» with a code, not here. Olga has none yet.
    expect(
      within(rowOf('Елена Владелец')).queryByRole('button', { name: 'Сбросить второй фактор' }),
    ).toBeNull();
    expect(within(rowOf('Ольга')).queryByRole('button', { name: 'Сбросить второй фактор' })).toBeNull();
    cleanup();
    await renderStaffWith(port, [OWNER, { ...MANAGER, totpEnabled: true }]);
    fireEvent.click(within(rowOf('Ольга')).getByRole('button', { name: 'Сбросить второй фактор' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сбросить второй фактор?' });
    expect(dialog.textContent).toContain('Все открытые сеансы сотрудника завершатся сразу');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resetSecondFactor).not.toHaveBeenCalled();

    fireEvent.click(within(rowOf('Ольга')).getByRole('button', { name: 'Сбросить второй фактор' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Сбросить' }));
    });
    expect(resetSecondFactor).toHaveBeenCalledWith(2, expect.anything());
    expect((await screen.findByRole('status')).textContent).toBe(
      'Второй фактор сброшен: Ольга входит по паролю и может подключить код заново. Все сеансы сотрудника завершены.',
    );
    expect(within(rowOf('Ольга')).getByText('Нет')).toBeTruthy();
    expect(within(rowOf('Ольга')).queryByRole('button', { name: 'Сбросить второй фактор' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusal of a reset', async () => {
    await renderStaffWith(
      {
        resetSecondFactor: async () => {
          throw new PortFailure({
            kind: 'bad-request',
            status: 409,
            message: 'conflict',
            serverMessage: 'У сотрудника не включён вход по коду из приложения.',
          });
        },
      },
      [OWNER, { ...MANAGER, totpEnabled: true }],
    );
    fireEvent.click(within(rowOf('Ольга')).getByRole('button', { name: 'Сбросить второй фактор' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Сбросить' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'У сотрудника не включён вход по коду из приложения.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
