import { createHash, randomBytes } from 'node:crypto';
import { LINK_TOKEN_TTL_MS, startTokenOf } from '../../domain/staff-alerts';
import type { AlertChoice, StaffAlertSettingsStore, TelegramBot } from './staff-alerts.port';

/**
 * A staff member's «Уведомления» (issue 26, item 2; docs/alerts.md): which events they get by which
 * channel, and their Telegram chat linked through a one-time deep link. `bot` is null until
 * TELEGRAM_BOT_TOKEN is set: Telegram is then off (choices of it are kept but nothing is sent).
 */
export interface AlertSettingsDeps {
  readonly store: StaffAlertSettingsStore;
  readonly bot: TelegramBot | null;
  /** SHOP_ALERT_EMAIL: the shop's mailbox that gets every event; null when unset. */
  readonly shopAlertEmail: string | null;
  readonly now: () => number;
}

export interface AlertSettings {
  readonly choices: AlertChoice[];
  readonly telegram: { readonly enabled: boolean; readonly linkedAtMs: number | null };
  readonly shopAlertEmail: string | null;
}

export type TelegramLinkOutcome =
  | { readonly ok: true; readonly url: string; readonly expiresAtMs: number }
  | { readonly ok: false; readonly error: 'telegram_off' | 'bot_unreachable' };

/** SHA-256 of a link token: the database never holds a usable token. */
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

const BOT_ANSWERS = {
  linked:
    'Готово: этот чат привязан к магазину «Дом и Стиль». Сюда будут приходить уведомления, ' +
    'выбранные в разделе «Уведомления» админки.',
  invalidLink:
    'Ссылка недействительна или устарела. Откройте раздел «Уведомления» в админке магазина ' +
    'и получите новую ссылку.',
  noToken: 'Чтобы получать уведомления, откройте ссылку из раздела «Уведомления» в админке магазина.',
} as const;

export function alertSettingsUseCases(deps: AlertSettingsDeps) {
  const settingsOf = async (userId: number): Promise<AlertSettings> => {
    const [choices, chat] = await Promise.all([deps.store.choicesOf(userId), deps.store.chatOf(userId)]);
    return {
      choices,
      telegram: { enabled: deps.bot !== null, linkedAtMs: chat?.linkedAtMs ?? null },
      shopAlertEmail: deps.shopAlertEmail,
    };
  };
  return {
    settingsOf,

    async saveChoices(userId: number, choices: readonly AlertChoice[]): Promise<AlertSettings> {
      const unique = new Map(choices.map((choice) => [`${choice.event}/${choice.channel}`, choice]));
      await deps.store.replaceChoices(userId, [...unique.values()]);
      return settingsOf(userId);
    },

    /** A fresh single-use deep link for the staff member (15 minutes). */
    async startTelegramLink(userId: number): Promise<TelegramLinkOutcome> {
      if (deps.bot === null) return { ok: false, error: 'telegram_off' };
      let username: string;
      try {
        username = await deps.bot.username();
      } catch {
        return { ok: false, error: 'bot_unreachable' };
      }
      const token = randomBytes(24).toString('base64url');
      const now = deps.now();
      const expiresAtMs = now + LINK_TOKEN_TTL_MS;
      await deps.store.saveLinkToken(hashOf(token), userId, expiresAtMs, now);
      return { ok: true, url: `https://t.me/${username}?start=${token}`, expiresAtMs };
    },

    async unlinkTelegram(userId: number): Promise<AlertSettings> {
      await deps.store.unlinkChat(userId);
      return settingsOf(userId);
    },

    /**
     * One update from Telegram (the webhook): «/start <token>» in a private chat links it and the bot
     * answers in Russian; anything else is ignored (never an error: Telegram would resend it).
     */
    async receiveUpdate(update: TelegramUpdate): Promise<'linked' | 'refused' | 'ignored'> {
      const message = update.message;
      if (message === undefined || message.chat.type !== 'private') return 'ignored';
      const text = typeof message.text === 'string' ? message.text.trim() : '';
      if (!/^\/start(\s|@|$)/.test(text)) return 'ignored';
      const chatId = String(message.chat.id);
      const token = startTokenOf(text);
      const now = deps.now();
      if (token === null) {
        await deps.store.queueBotMessage(chatId, BOT_ANSWERS.noToken, now);
        return 'refused';
      }
      const linked = await deps.store.linkChatByToken(hashOf(token), chatId, now);
      await deps.store.queueBotMessage(
        chatId,
        linked === null ? BOT_ANSWERS.invalidLink : BOT_ANSWERS.linked,
        now,
      );
      return linked === null ? 'refused' : 'linked';
    },
  };
}

export type AlertSettingsUseCases = ReturnType<typeof alertSettingsUseCases>;

/** The part of a Telegram Update the bot reads (https://core.telegram.org/bots/api#update). */
export interface TelegramUpdate {
  readonly message?: {
    readonly chat: { readonly id: number; readonly type: string };
    readonly text?: string;
  };
}
