import { startTokenOf } from '../../domain/staff-alerts';
import type { StaffAlertSettingsStore } from './staff-alerts.port';
import { linkTokenHash } from './start-telegram-link';

/** The part of a Telegram Update the bot reads (https://core.telegram.org/bots/api#update). */
interface TelegramUpdate {
  readonly message?: {
    readonly chat: { readonly id: number; readonly type: string };
    readonly text?: string;
  };
}

export type ReceiveTelegramUpdate = (update: TelegramUpdate) => Promise<'linked' | 'refused' | 'ignored'>;

const BOT_ANSWERS = {
  linked:
    'Готово: этот чат привязан к магазину «Дом и Стиль». Сюда будут приходить уведомления, ' +
    'выбранные в разделе «Уведомления» админки.',
  invalidLink:
    'Ссылка недействительна или устарела. Откройте раздел «Уведомления» в админке магазина ' +
    'и получите новую ссылку.',
  noToken: 'Чтобы получать уведомления, откройте ссылку из раздела «Уведомления» в админке магазина.',
} as const;

/**
 * One update from Telegram (the webhook): «/start <token>» in a private chat links it and the bot
 * answers in Russian (the answer goes through the alert outbox); anything else is ignored — never an
 * error, which Telegram would resend.
 */
export function receiveTelegramUpdate(ports: {
  readonly store: Pick<StaffAlertSettingsStore, 'linkChatByToken' | 'queueBotMessage'>;
  readonly now: () => number;
}): ReceiveTelegramUpdate {
  return async (update) => {
    const message = update.message;
    if (message === undefined || message.chat.type !== 'private') return 'ignored';
    const text = typeof message.text === 'string' ? message.text.trim() : '';
    if (!/^\/start(\s|@|$)/.test(text)) return 'ignored';
    const chatId = String(message.chat.id);
    const token = startTokenOf(text);
    const now = ports.now();
    if (token === null) {
      await ports.store.queueBotMessage(chatId, BOT_ANSWERS.noToken, now);
      return 'refused';
    }
    const linked = await ports.store.linkChatByToken(linkTokenHash(token), chatId, now);
    await ports.store.queueBotMessage(
      chatId,
      linked === null ? BOT_ANSWERS.invalidLink : BOT_ANSWERS.linked,
      now,
    );
    return linked === null ? 'refused' : 'linked';
  };
}
