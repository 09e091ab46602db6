import type { BackgroundJob } from '../../application/accounts.services';
import {
  type AlertSettingsUseCases,
  alertSettingsUseCases,
} from '../../application/staff-alerts/staff-alert-use-cases';
import type { TelegramBot } from '../../application/staff-alerts/staff-alerts.port';
import { serverSecret } from '../auth/device-tokens';
import type { AppDb } from '../db/database';
import type { AlertsConfig } from './alerts.config';
import { GrammyTelegramBot } from './grammy-telegram-bot';
import { StaffAlertSettingsStoreDb } from './staff-alert-settings.repository';
import { type AlertWorkerLog, type AlertWorkerSettings, StaffAlertWorker } from './staff-alert-worker';

export interface AlertsModule {
  readonly settings: AlertSettingsUseCases;
  /** The secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token; null while the bot is off. */
  readonly webhookSecret: string | null;
  /** The alert worker and, with the bot on, the webhook registration. */
  readonly backgroundJobs: readonly BackgroundJob[];
}

export interface AlertsModuleOptions {
  readonly db: AppDb;
  readonly config: AlertsConfig;
  readonly publicUrl: string;
  readonly log: AlertWorkerLog & { info(details: Record<string, unknown>, message: string): void };
  readonly worker?: AlertWorkerSettings;
  readonly now?: () => number;
}

/** The webhook's address under PUBLIC_URL (api/admin-alerts.ts `telegramWebhook`). */
const WEBHOOK_PATH = '/api/telegram/webhook';

/**
 * Registers the webhook with Telegram once per start, in the background (a start never waits for the
 * Bot API), retrying every minute until Telegram accepts it.
 */
class WebhookRegistration implements BackgroundJob {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly bot: TelegramBot,
    private readonly url: string,
    private readonly secret: string,
    private readonly log: AlertsModuleOptions['log'],
  ) {}

  start(): void {
    this.stopped = false;
    void this.attempt();
  }

  private async attempt(): Promise<void> {
    try {
      await this.bot.setWebhook(this.url, this.secret);
      this.log.info({ event: 'telegram_webhook_set' }, 'telegram webhook registered');
    } catch (error) {
      this.log.warn(
        { event: 'telegram_webhook_failed', error: error instanceof Error ? error.name : 'unknown' },
        'telegram webhook not registered; will retry',
      );
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.attempt(), 60_000);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
  }
}

export async function createAlertsModule(options: AlertsModuleOptions): Promise<AlertsModule> {
  const { db, config } = options;
  const now = options.now ?? Date.now;
  const bot =
    config.telegramBotToken === undefined
      ? null
      : new GrammyTelegramBot(config.telegramBotToken, config.telegramApiRoot);
  const worker = new StaffAlertWorker({
    db,
    bot,
    publicUrl: options.publicUrl,
    shopAlertEmail: config.shopAlertEmail,
    log: options.log,
    now,
    ...(options.worker ? { settings: options.worker } : {}),
  });
  const store = new StaffAlertSettingsStoreDb(db, () => worker.wake());
  const webhookSecret =
    bot === null ? null : (await serverSecret(db, 'telegram-webhook')).toString('base64url');
  const jobs: BackgroundJob[] = [worker];
  if (bot !== null && webhookSecret !== null) {
    jobs.push(
      new WebhookRegistration(bot, `${options.publicUrl}${WEBHOOK_PATH}`, webhookSecret, options.log),
    );
  }
  return {
    settings: alertSettingsUseCases({ store, bot, shopAlertEmail: config.shopAlertEmail, now }),
    webhookSecret,
    backgroundJobs: jobs,
  };
}
