import { describe, expect, it } from 'vitest';
import { readAlertsConfig } from '../../../server/infrastructure/alerts/alerts.config';

/** Alerts' settings (docs/alerts.md «Configuration»): off by default, an invalid value refused in Russian. */
describe('alerts configuration', () => {
  it('is off until TELEGRAM_BOT_TOKEN is set; empty values count as unset (compose passes them empty)', () => {
    for (const env of [{}, { TELEGRAM_BOT_TOKEN: '', TELEGRAM_API_ROOT: '', SHOP_ALERT_EMAIL: '' }]) {
      expect(readAlertsConfig(env)).toEqual({
        ok: true,
        config: {
          telegramBotToken: undefined,
          telegramApiRoot: 'https://api.telegram.org',
          shopAlertEmail: null,
        },
      });
    }
  });

  it('reads a token, a Bot API root and the shop mailbox', () => {
    expect(
      readAlertsConfig({
        TELEGRAM_BOT_TOKEN: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
        TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
        SHOP_ALERT_EMAIL: ' Zakaz@DomIStil.ru ',
      }),
    ).toEqual({
      ok: true,
      config: {
        telegramBotToken: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
        telegramApiRoot: 'http://127.0.0.1:8081',
        shopAlertEmail: 'zakaz@domistil.ru',
      },
    });
  });

  it.each([
    [
      { TELEGRAM_BOT_TOKEN: 'not-a-token' },
      'TELEGRAM_BOT_TOKEN должен быть токеном от @BotFather (123456:ABC…).',
    ],
    [{ TELEGRAM_API_ROOT: 'ftp://bots' }, 'TELEGRAM_API_ROOT должен быть адресом http(s)://…'],
    [{ SHOP_ALERT_EMAIL: 'zakaz' }, 'SHOP_ALERT_EMAIL должен быть адресом электронной почты.'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(readAlertsConfig(env)).toEqual({ ok: false, message });
  });
});
