import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_PROBLEM_MESSAGES } from '../../../shared-rules/password-rule';
import {
  ADMIN_STAFF_PORT,
  type AdminStaffPort,
  type StaffProfile,
} from '../../../src/application/ports/admin-staff.port';
import { AUTH_PORT, type AuthAnswer, type AuthPort } from '../../../src/application/ports/auth.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import { ProfileScreen } from '../../../src/ui/admin/profile/profile-screen';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { provide, testUseCases } from '../../support/test-ports';
import { renderWithRouter } from '../render-with-router';
import { strictFake } from '../routes/route-test-support';

/**
 * «Профиль» (issue 26, item 1): the view renders the profile machine's state
 * (src/application/admin/profile/profile-screen.machine.ts) built through the one door from the test's
 * ports: the own password with the shop's rule, the second factor on (QR, secret, first code, recovery
 * codes once) and off (with a code). The wire: test/api/staff.api.test.ts; the browser: the e2e.
 */
afterEach(cleanup);

const PROFILE: StaffProfile = {
  id: 2,
  email: 'olga@shop.ru',
  name: 'Ольга Менеджер',
  role: 'manager',
  totpEnabled: false,
  recoveryCodesLeft: 0,
};
const ADMIN: AuthAnswer = {
  authenticated: true,
  role: 'admin',
  clientId: null,
  tempPasswordActive: false,
  staffRole: 'manager',
};
const RECOVERY = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

function renderProfile(staff: Partial<AdminStaffPort>, auth: Partial<AuthPort> = {}, profile = PROFILE) {
  const shop = strictFake<ShopRuntime>('ShopRuntime', {
    resolve: testUseCases([
      provide(ADMIN_STAFF_PORT, strictFake<AdminStaffPort>('AdminStaffPort', staff)),
      provide(AUTH_PORT, strictFake<AuthPort>('AuthPort', auth)),
    ]),
  });
  return renderWithRouter(
    <ShopRuntimeProvider shop={shop}>
      <ProfileScreen profile={profile} />
    </ShopRuntimeProvider>,
    '/admin/profile',
  );
}

const passwordForm = () => screen.getByRole('form', { name: 'Смена пароля' });
const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('profile screen', () => {
  it('shows the person’s name, e-mail and role', async () => {
    await renderProfile({});
    expect(screen.getByText('Ольга Менеджер')).toBeTruthy();
    expect(screen.getByText('olga@shop.ru')).toBeTruthy();
    expect(screen.getByText('Менеджер')).toBeTruthy();
  });

  it('changes the own password after the shop’s rule; the server’s refusals stand under their fields', async () => {
    const changePassword = vi
      .fn<AuthPort['changePassword']>()
      .mockRejectedValueOnce(
        new PortFailure({
          kind: 'bad-request',
          status: 401,
          message: 'wrong',
          serverMessage: 'Текущий пароль указан неверно.',
        }),
      )
      .mockResolvedValueOnce(ADMIN);
    await renderProfile({}, { changePassword });
    const form = passwordForm();
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getByText('Введите текущий пароль')).toBeTruthy();
    expect(within(form).getByText('Введите пароль')).toBeTruthy();
    type(form, 'Текущий пароль', 'old-password');
    type(form, 'Новый пароль', 'short');
    type(form, 'Повторите новый пароль', 'other');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getByText(PASSWORD_PROBLEM_MESSAGES.too_short)).toBeTruthy();
    expect(within(form).getByText('Пароли не совпадают')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();

    type(form, 'Новый пароль', 'a-long-new-passphrase');
    type(form, 'Повторите новый пароль', 'a-long-new-passphrase');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(changePassword).toHaveBeenCalledWith(
      { currentPassword: 'old-password', newPassword: 'a-long-new-passphrase' },
      expect.anything(),
    );
    expect(await within(form).findByText('Текущий пароль указан неверно.')).toBeTruthy();

    type(form, 'Текущий пароль', 'right-password');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect((await within(form).findByRole('status')).textContent).toContain('Пароль изменён');
    expect((within(form).getByLabelText('Текущий пароль') as HTMLInputElement).value).toBe('');
  });

  it('turns the second factor on: QR and secret, the first code, the recovery codes shown once', async () => {
    const startTotpSetup = vi.fn(async () => ({
      otpauthUrl: 'otpauth://totp/shop:olga@shop.ru?secret=JBSWY3DPEHPK3PXP',
      qrCode: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      secret: 'JBSWY3DPEHPK3PXP',
    }));
    const confirmTotp = vi
      .fn<AdminStaffPort['confirmTotp']>()
      .mockRejectedValueOnce(
        new PortFailure({
          kind: 'bad-request',
          status: 422,
          message: 'wrong',
          serverMessage: 'Неверный код из приложения.',
        }),
      )
      .mockResolvedValueOnce(RECOVERY);
    await renderProfile({ startTotpSetup, confirmTotp });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Подключить' }));
    });
    const form = await screen.findByRole('form', { name: 'Подключение кода' });
    expect(within(form).getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeTruthy();
    expect(within(form).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    type(form, 'Код из приложения', 'abc');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getByText('Введите 6 цифр, которые показывает приложение')).toBeTruthy();
    expect(confirmTotp).not.toHaveBeenCalled();
    type(form, 'Код из приложения', '123 456');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(confirmTotp).toHaveBeenLastCalledWith('123456', expect.anything());
    expect(await within(form).findByText('Неверный код из приложения.')).toBeTruthy();
    type(form, 'Код из приложения', '654321');
    await act(async () => {
      fireEvent.submit(form);
    });
    const codes = await screen.findByRole('list', { name: 'Коды восстановления' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY);
    expect(screen.getByRole('status').textContent).toContain('Вход по коду из приложения включён');
    fireEvent.click(screen.getByRole('button', { name: 'Я сохранил коды' }));
    // Gone for good: the screen now offers only turning it off.
    expect(screen.queryByRole('list', { name: 'Коды восстановления' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Отключение кода' }).textContent).toContain(
      'Осталось кодов восстановления: 10',
    );
  });

  it('turns it off only with a code; a throttled attempt says so', async () => {
    const disableTotp = vi
      .fn<AdminStaffPort['disableTotp']>()
      .mockRejectedValueOnce(
        new PortFailure({
          kind: 'bad-request',
          status: 429,
          message: 'throttled',
          serverMessage: 'Слишком много запросов. Попробуйте позже.',
        }),
      )
      .mockResolvedValueOnce({ ...PROFILE, totpEnabled: false });
    await renderProfile({ disableTotp }, {}, { ...PROFILE, totpEnabled: true, recoveryCodesLeft: 7 });
    const form = screen.getByRole('form', { name: 'Отключение кода' });
    expect(form.textContent).toContain('Осталось кодов восстановления: 7');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getByText('Введите код из приложения')).toBeTruthy();
    type(form, 'Код для отключения', 'AB1CD-E2F3G');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(disableTotp).toHaveBeenLastCalledWith('ab1cd-e2f3g', expect.anything());
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много запросов. Попробуйте позже.');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect((await screen.findByRole('status')).textContent).toBe('Вход по коду из приложения отключён.');
    expect(screen.getByRole('button', { name: 'Подключить' })).toBeTruthy();
  });
});
