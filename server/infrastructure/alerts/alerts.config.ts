import { isValidEmail } from '../../../shared-rules/email-rule';

/**
 * Alerts to staff (docs/alerts.md, README's table of external services). Read once at start; an
 * invalid value stops the start with a Russian message naming the variable.
 */
export interface AlertsConfig {
  /** TELEGRAM_BOT_TOKEN from @BotFather; undefined: Telegram is off (the default). */
  readonly telegramBotToken: string | undefined;
  /** TELEGRAM_API_ROOT: the Bot API server (a local fake in tests, a self-hosted Bot API server). */
  readonly telegramApiRoot: string;
  /** SHOP_ALERT_EMAIL: the shop's mailbox that gets every event by e-mail; null: none. */
  readonly shopAlertEmail: string | null;
}

const TELEGRAM_API_ROOT = 'https://api.telegram.org';

export type AlertsConfigResult = { ok: true; config: AlertsConfig } | { ok: false; message: string };

/** «123456789:AA…» as @BotFather issues it. */
const BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{30,100}$/;

export function readAlertsConfig(env: NodeJS.ProcessEnv): AlertsConfigResult {
  const token = env.TELEGRAM_BOT_TOKEN?.trim() || undefined;
  if (token !== undefined && !BOT_TOKEN.test(token)) {
    return { ok: false, message: 'TELEGRAM_BOT_TOKEN должен быть токеном от @BotFather (123456:ABC…).' };
  }
  const root = (env.TELEGRAM_API_ROOT?.trim() || TELEGRAM_API_ROOT).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(root)) {
    return { ok: false, message: 'TELEGRAM_API_ROOT должен быть адресом http(s)://…' };
  }
  const shopEmail = env.SHOP_ALERT_EMAIL?.trim().toLowerCase() || null;
  if (shopEmail !== null && !isValidEmail(shopEmail)) {
    return { ok: false, message: 'SHOP_ALERT_EMAIL должен быть адресом электронной почты.' };
  }
  return { ok: true, config: { telegramBotToken: token, telegramApiRoot: root, shopAlertEmail: shopEmail } };
}
