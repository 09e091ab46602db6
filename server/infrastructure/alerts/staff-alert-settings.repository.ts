import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import {
  isStaffAlertEvent,
  STAFF_ALERT_CHANNELS,
  type StaffAlertChannel,
} from '../../../shared-rules/staff-alert-rule';
import type {
  AlertChoice,
  LinkedChat,
  StaffAlertSettingsStore,
} from '../../application/staff-alerts/staff-alerts.port';
import type { AppDb } from '../db/database';
import {
  staffAlertDeliveries,
  staffAlertPreferences,
  staffTelegramChats,
  staffTelegramLinkTokens,
} from '../db/schema/staff-alerts.schema';

const isChannel = (value: string): value is StaffAlertChannel =>
  (STAFF_ALERT_CHANNELS as readonly string[]).includes(value);

export class StaffAlertSettingsStoreDb implements StaffAlertSettingsStore {
  constructor(
    private readonly db: AppDb,
    /** Wakes this process's alert worker when a bot message is queued. */
    private readonly queued: () => void = () => {},
  ) {}

  async choicesOf(userId: number): Promise<AlertChoice[]> {
    const rows = await this.db
      .select({ event: staffAlertPreferences.event, channel: staffAlertPreferences.channel })
      .from(staffAlertPreferences)
      .where(eq(staffAlertPreferences.userId, userId));
    return rows.flatMap(({ event, channel }) =>
      isStaffAlertEvent(event) && isChannel(channel) ? [{ event, channel }] : [],
    );
  }

  async replaceChoices(userId: number, choices: readonly AlertChoice[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(staffAlertPreferences).where(eq(staffAlertPreferences.userId, userId));
      if (choices.length > 0) {
        await tx
          .insert(staffAlertPreferences)
          .values(choices.map((choice) => ({ userId, event: choice.event, channel: choice.channel })));
      }
    });
  }

  async chatOf(userId: number): Promise<LinkedChat | null> {
    const [row] = await this.db
      .select({ chatId: staffTelegramChats.chatId, linkedAtMs: staffTelegramChats.linkedAtMs })
      .from(staffTelegramChats)
      .where(eq(staffTelegramChats.userId, userId));
    return row ?? null;
  }

  async unlinkChat(userId: number): Promise<void> {
    await this.db.delete(staffTelegramChats).where(eq(staffTelegramChats.userId, userId));
  }

  async saveLinkToken(tokenHash: string, userId: number, expiresAtMs: number, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The staff member's used and expired tokens are of no further use: no table of dead tokens grows.
      await tx
        .delete(staffTelegramLinkTokens)
        .where(
          and(
            eq(staffTelegramLinkTokens.userId, userId),
            or(isNotNull(staffTelegramLinkTokens.usedAtMs), lte(staffTelegramLinkTokens.expiresAtMs, now)),
          ),
        );
      await tx.insert(staffTelegramLinkTokens).values({ tokenHash, userId, expiresAtMs });
    });
  }

  async linkChatByToken(tokenHash: string, chatId: string, now: number): Promise<{ userId: number } | null> {
    return this.db.transaction(async (tx) => {
      // The conditional update is the single use: of two deliveries of one /start, one wins.
      const [used] = await tx
        .update(staffTelegramLinkTokens)
        .set({ usedAtMs: now })
        .where(
          and(
            eq(staffTelegramLinkTokens.tokenHash, tokenHash),
            isNull(staffTelegramLinkTokens.usedAtMs),
            gt(staffTelegramLinkTokens.expiresAtMs, now),
          ),
        )
        .returning({ userId: staffTelegramLinkTokens.userId });
      if (!used) return null;
      // One chat belongs to one staff member: linking it again moves it.
      await tx.delete(staffTelegramChats).where(eq(staffTelegramChats.chatId, chatId));
      await tx
        .insert(staffTelegramChats)
        .values({ userId: used.userId, chatId, linkedAtMs: now })
        .onConflictDoUpdate({ target: staffTelegramChats.userId, set: { chatId, linkedAtMs: now } });
      return { userId: used.userId };
    });
  }

  async queueBotMessage(chatId: string, text: string, now: number): Promise<void> {
    await this.db.insert(staffAlertDeliveries).values({
      channel: 'telegram',
      recipient: chatId,
      subject: 'bot-answer',
      body: text,
      nextAttemptAtMs: now,
      createdAtMs: now,
    });
    this.queued();
  }
}
