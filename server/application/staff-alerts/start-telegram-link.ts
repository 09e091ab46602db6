import { createHash, randomBytes } from 'node:crypto';
import { LINK_TOKEN_TTL_MS } from '../../domain/staff-alerts';
import type { StaffAlertSettingsStore, TelegramBot } from './staff-alerts.port';

type TelegramLinkOutcome =
  | { readonly ok: true; readonly url: string; readonly expiresAtMs: number }
  | { readonly ok: false; readonly error: 'telegram_off' | 'bot_unreachable' };

export type StartTelegramLink = (userId: number) => Promise<TelegramLinkOutcome>;

/** SHA-256 of a link token: the database never holds a usable token. */
export const linkTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * A fresh single-use deep link t.me/<bot>?start=<token> for the staff member, valid for 15 minutes
 * (docs/alerts.md «Linking a Telegram chat»). `bot` is null while TELEGRAM_BOT_TOKEN is unset.
 */
export function startTelegramLink(ports: {
  readonly store: Pick<StaffAlertSettingsStore, 'saveLinkToken'>;
  readonly bot: Pick<TelegramBot, 'username'> | null;
  readonly now: () => number;
}): StartTelegramLink {
  return async (userId) => {
    if (ports.bot === null) return { ok: false, error: 'telegram_off' };
    let username: string;
    try {
      username = await ports.bot.username();
    } catch {
      return { ok: false, error: 'bot_unreachable' };
    }
    const token = randomBytes(24).toString('base64url');
    const now = ports.now();
    const expiresAtMs = now + LINK_TOKEN_TTL_MS;
    await ports.store.saveLinkToken(linkTokenHash(token), userId, expiresAtMs, now);
    return { ok: true, url: `https://t.me/${username}?start=${token}`, expiresAtMs };
  };
}
