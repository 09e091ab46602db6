import type { StaffAlertChannel, StaffAlertEvent } from '../../../shared-rules/staff-alert-rule';

/**
 * The Telegram Bot API as alerts use it (server/infrastructure/alerts/grammy-telegram-bot.ts; a local
 * fake Bot API server in tests). Every call may throw: callers run outside shoppers' requests.
 */
export interface TelegramBot {
  /** The bot's @username (getMe), for the deep link t.me/<username>?start=<token>. */
  username(): Promise<string>;
  sendMessage(chatId: string, text: string): Promise<void>;
  /** Points Telegram at the shop's webhook, with the secret it must echo in every call. */
  setWebhook(url: string, secretToken: string): Promise<void>;
}

export interface AlertChoice {
  readonly event: StaffAlertEvent;
  readonly channel: StaffAlertChannel;
}

export interface LinkedChat {
  readonly chatId: string;
  readonly linkedAtMs: number;
}

/** A staff member's alert settings and Telegram link, kept in the database. */
export interface StaffAlertSettingsStore {
  choicesOf(userId: number): Promise<AlertChoice[]>;
  /** Replaces every choice of the staff member at once. */
  replaceChoices(userId: number, choices: readonly AlertChoice[]): Promise<void>;
  chatOf(userId: number): Promise<LinkedChat | null>;
  unlinkChat(userId: number): Promise<void>;
  /** Keeps a new token (its hash), dropping the staff member's used and expired ones. */
  saveLinkToken(tokenHash: string, userId: number, expiresAtMs: number, now: number): Promise<void>;
  /**
   * Links the chat to the owner of an unused, unexpired token and marks the token used, in one
   * transaction (a token links once, whoever sends it twice); the owner, or null when the token is
   * unknown, used or expired. A chat linked before to someone else moves to the new owner.
   */
  linkChatByToken(
    tokenHash: string,
    chatId: string,
    now: number,
  ): Promise<{ readonly userId: number } | null>;
  /** Queues a bot message to a chat (the alert outbox delivers it, with retries). */
  queueBotMessage(chatId: string, text: string, now: number): Promise<void>;
}
