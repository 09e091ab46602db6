import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_ALERTS_PORT,
  type AdminAlertsPort,
  type AlertChoice,
  type AlertSettings,
} from '../../../src/application/ports/admin-alerts.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import { AlertsScreen } from '../../../src/ui/admin/alerts/alerts-screen';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { provide, testUseCases } from '../../support/test-ports';
import { renderWithRouter } from '../render-with-router';
import { strictFake } from '../routes/route-test-support';

/**
 * The back office's «Уведомления» (issue 26, item 2; docs/alerts.md): the view renders the alert
 * settings machine built through the one door from an in-memory alerts port; what the port answers
 * after a save, a link or an unlink is what the screen shows next.
 */
afterEach(cleanup);

/** The staff member's settings kept in memory, answering like the server does. */
class InMemoryAlerts implements AdminAlertsPort {
  saves: AlertChoice[][] = [];
  refuseNextSave = false;
  constructor(public settings: AlertSettings) {}
  async read() {
    return this.settings;
  }
  async save(choices: readonly AlertChoice[]) {
    if (this.refuseNextSave) {
      this.refuseNextSave = false;
      throw new PortFailure({ kind: 'network', message: 'offline' });
    }
    this.saves.push([...choices]);
    this.settings = { ...this.settings, choices: [...choices] };
    return this.settings;
  }
  async startTelegramLink() {
    return {
      url: 'https://t.me/domistil_alerts_bot?start=one-time-token',
      expiresAt: '2026-11-27T12:15:00.000Z',
    };
  }
  async unlinkTelegram() {
    this.settings = { ...this.settings, telegram: { ...this.settings.telegram, linkedAt: null } };
    return this.settings;
  }
}

function renderScreen(alerts: InMemoryAlerts) {
  const shop = strictFake<ShopRuntime>('ShopRuntime', {
    resolve: testUseCases([provide(ADMIN_ALERTS_PORT, alerts)]),
  });
  return renderWithRouter(
    <ShopRuntimeProvider shop={shop}>
      <AlertsScreen settings={alerts.settings} />
    </ShopRuntimeProvider>,
    '/admin/alerts',
  );
}

const SETTINGS: AlertSettings = {
  choices: [{ event: 'order_created', channel: 'email' }],
  telegram: { enabled: true, linkedAt: null },
  shopAlertEmail: 'zakaz@domistil.ru',
};

describe('«Уведомления» in the back office', () => {
  it('ticks events per channel and saves them; the stored answer is what stays ticked', async () => {
    const alerts = new InMemoryAlerts(SETTINGS);
    await renderScreen(alerts);
    expect(screen.getByRole('heading', { name: 'Уведомления' })).toBeTruthy();
    const orderByMail = screen.getByRole('checkbox', { name: 'Новый заказ: E-mail' }) as HTMLInputElement;
    expect(orderByMail.checked).toBe(true);
    expect(screen.getByText(/все события уходят на почту магазина zakaz@domistil\.ru/)).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Новый заказ: Telegram' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Оплата не прошла: Telegram' }));
    fireEvent.click(orderByMail);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect((await screen.findByRole('status')).textContent).toBe('Настройки уведомлений сохранены.');
    expect(alerts.saves).toEqual([
      [
        { event: 'order_created', channel: 'telegram' },
        { event: 'payment_failed', channel: 'telegram' },
      ],
    ]);
    expect((screen.getByRole('checkbox', { name: 'Новый заказ: E-mail' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Новый заказ: Telegram' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('a failed save shows the Russian reason and keeps the ticks for another try', async () => {
    const alerts = new InMemoryAlerts(SETTINGS);
    alerts.refuseNextSave = true;
    await renderScreen(alerts);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Новая заявка: Telegram' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Новая заявка: Telegram' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByRole('status');
    expect(alerts.saves).toHaveLength(1);
  });

  it('shows the one-time deep link, and unlinks a linked chat', async () => {
    const alerts = new InMemoryAlerts({
      ...SETTINGS,
      telegram: { enabled: true, linkedAt: '2026-11-27T09:30:00.000Z' },
    });
    await renderScreen(alerts);
    const telegram = screen.getByRole('heading', { name: 'Telegram' }).closest('section') as HTMLElement;
    expect(within(telegram).getByText(/^Чат привязан 27\.11\.2026/)).toBeTruthy();
    fireEvent.click(within(telegram).getByRole('button', { name: 'Привязать другой чат' }));
    const link = (await within(telegram).findByRole('link', {
      name: 'Открыть бота в Telegram',
    })) as HTMLAnchorElement;
    expect(link.href).toBe('https://t.me/domistil_alerts_bot?start=one-time-token');
    expect(within(telegram).getByText(/ссылка одноразовая/)).toBeTruthy();

    fireEvent.click(within(telegram).getByRole('button', { name: 'Отвязать' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Telegram отвязан: сообщения туда больше не придут.',
    );
    expect(within(telegram).getByRole('button', { name: 'Получить ссылку для Telegram' })).toBeTruthy();
  });

  it('says how to switch Telegram on while the bot is not configured', async () => {
    await renderScreen(
      new InMemoryAlerts({ ...SETTINGS, telegram: { enabled: false, linkedAt: null }, shopAlertEmail: null }),
    );
    expect(screen.getByText(/задаст TELEGRAM_BOT_TOKEN/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Получить ссылку для Telegram' })).toBeNull();
    expect(screen.queryByText(/почту магазина/)).toBeNull();
  });
});
