import { describe, expect, it } from 'vitest';
import { alertSettingsUseCases } from '../../../../server/application/staff-alerts/staff-alert-use-cases';
import type {
  AlertChoice,
  LinkedChat,
  StaffAlertSettingsStore,
  TelegramBot,
} from '../../../../server/application/staff-alerts/staff-alerts.port';

/** The «Уведомления» use cases over in-memory ports (docs/alerts.md): what the bot answers and when. */
class InMemoryStore implements StaffAlertSettingsStore {
  choices = new Map<number, AlertChoice[]>();
  chats = new Map<number, LinkedChat>();
  tokens = new Map<string, { userId: number; expiresAtMs: number; used: boolean }>();
  queued: { chatId: string; text: string }[] = [];
  async choicesOf(userId: number) {
    return this.choices.get(userId) ?? [];
  }
  async replaceChoices(userId: number, choices: readonly AlertChoice[]) {
    this.choices.set(userId, [...choices]);
  }
  async chatOf(userId: number) {
    return this.chats.get(userId) ?? null;
  }
  async unlinkChat(userId: number) {
    this.chats.delete(userId);
  }
  async saveLinkToken(tokenHash: string, userId: number, expiresAtMs: number) {
    this.tokens.set(tokenHash, { userId, expiresAtMs, used: false });
  }
  async linkChatByToken(tokenHash: string, chatId: string, now: number) {
    const token = this.tokens.get(tokenHash);
    if (token === undefined || token.used || token.expiresAtMs <= now) return null;
    token.used = true;
    this.chats.set(token.userId, { chatId, linkedAtMs: now });
    return { userId: token.userId };
  }
  async queueBotMessage(chatId: string, text: string) {
    this.queued.push({ chatId, text });
  }
}

class LocalBot implements TelegramBot {
  reachable = true;
  async username() {
    if (!this.reachable) throw new Error('Bot API unreachable');
    return 'domistil_alerts_bot';
  }
  async sendMessage() {}
  async setWebhook() {}
}

const update = (text: string, type = 'private', chatId = 5) => ({
  message: { chat: { id: chatId, type }, text },
});
const clock = { now: 1_000_000 };

function setup(bot: TelegramBot | null = new LocalBot()) {
  const store = new InMemoryStore();
  const alerts = alertSettingsUseCases({ store, bot, shopAlertEmail: null, now: () => clock.now });
  return { store, alerts };
}

describe('alert settings use cases', () => {
  it('saves each pair once and answers the stored settings', async () => {
    const { alerts } = setup();
    const saved = await alerts.saveChoices(7, [
      { event: 'order_created', channel: 'telegram' },
      { event: 'order_created', channel: 'telegram' },
      { event: 'payment_failed', channel: 'email' },
    ]);
    expect(saved).toEqual({
      choices: [
        { event: 'order_created', channel: 'telegram' },
        { event: 'payment_failed', channel: 'email' },
      ],
      telegram: { enabled: true, linkedAtMs: null },
      shopAlertEmail: null,
    });
  });

  it('gives no link while the bot is off or unreachable', async () => {
    expect(await setup(null).alerts.startTelegramLink(7)).toEqual({ ok: false, error: 'telegram_off' });
    const bot = new LocalBot();
    bot.reachable = false;
    expect(await setup(bot).alerts.startTelegramLink(7)).toEqual({ ok: false, error: 'bot_unreachable' });
  });

  it('links by the deep link once and answers every /start in Russian; other messages are ignored', async () => {
    const { store, alerts } = setup();
    const link = await alerts.startTelegramLink(7);
    if (!link.ok) throw new Error('no link');
    const token = link.url.split('start=')[1] ?? '';
    expect(link.url).toBe(`https://t.me/domistil_alerts_bot?start=${token}`);
    expect(link.expiresAtMs).toBe(clock.now + 15 * 60_000);

    expect(await alerts.receiveUpdate(update('привет'))).toBe('ignored');
    expect(await alerts.receiveUpdate(update(`/start ${token}`, 'group'))).toBe('ignored');
    expect(await alerts.receiveUpdate({})).toBe('ignored');
    expect(store.queued).toEqual([]);

    expect(await alerts.receiveUpdate(update('/start'))).toBe('refused');
    expect(store.queued.at(-1)?.text).toBe(
      'Чтобы получать уведомления, откройте ссылку из раздела «Уведомления» в админке магазина.',
    );
    expect(await alerts.receiveUpdate(update(`/start ${token}`))).toBe('linked');
    expect(store.queued.at(-1)?.text).toMatch(/^Готово: этот чат привязан/);
    expect((await alerts.settingsOf(7)).telegram.linkedAtMs).toBe(clock.now);
    expect(await alerts.receiveUpdate(update(`/start ${token}`, 'private', 6))).toBe('refused');
    expect(store.queued.at(-1)).toEqual({
      chatId: '6',
      text: 'Ссылка недействительна или устарела. Откройте раздел «Уведомления» в админке магазина и получите новую ссылку.',
    });
    expect((await alerts.unlinkTelegram(7)).telegram.linkedAtMs).toBeNull();
  });
});
