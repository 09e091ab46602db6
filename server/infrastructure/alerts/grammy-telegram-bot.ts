import { Api } from 'grammy';
import type { TelegramBot } from '../../application/staff-alerts/staff-alerts.port';

/** How long one Bot API call may take before grammy gives up (the alert worker retries later). */
const CALL_TIMEOUT_SECONDS = 20;

/**
 * The Telegram Bot API through grammy's `Api` (HTTPS to api.telegram.org, or TELEGRAM_API_ROOT). The
 * token is part of every request path, so errors are logged by name and code only, never by URL.
 */
export class GrammyTelegramBot implements TelegramBot {
  private readonly api: Api;
  private name: Promise<string> | null = null;

  constructor(token: string, apiRoot: string) {
    this.api = new Api(token, { apiRoot, timeoutSeconds: CALL_TIMEOUT_SECONDS });
  }

  username(): Promise<string> {
    // getMe once per process; a failure is not cached.
    this.name ??= this.api.getMe().then(
      (me) => me.username,
      (error: unknown) => {
        this.name = null;
        throw error;
      },
    );
    return this.name;
  }

  async sendMessage(chatId: string, text: string): Promise<void> {
    await this.api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
  }

  async setWebhook(url: string, secretToken: string): Promise<void> {
    await this.api.setWebhook(url, { secret_token: secretToken, allowed_updates: ['message'] });
  }
}
