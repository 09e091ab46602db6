import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import { serverSecrets } from '../db/schema/abuse-outbox.schema';
import { users } from '../db/schema/accounts.schema';
import { serverSecret } from './device-tokens';
import { AesGcmSecretBox } from './secret-box';

/**
 * The key that seals the staff's TOTP secrets (docs/operations.md, «The second factor's key»):
 * STAFF_TOTP_KEY from the environment, so a database dump or backup alone never holds it; older keys
 * in STAFF_TOTP_KEY_PREVIOUS still open what they sealed until the start re-seals it.
 */
export interface StaffTotpKey {
  readonly current: Buffer;
  readonly previous: readonly Buffer[];
}

export type StaffTotpKeyResult =
  | { readonly ok: true; readonly key: StaffTotpKey | null }
  | { readonly ok: false; readonly message: string };

/** The database row of the key the embedded demo generates for itself (and that older shops used). */
const DATABASE_TOTP_KEY_NAME = 'totp-box';

const KEY_BYTES = 32;

/** 32 bytes written as base64 (`openssl rand -base64 32`), base64url or 64 hex digits; null otherwise. */
function keyOf(text: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

const KEY_FORMAT_RU = '32 байта в base64 или hex (openssl rand -base64 32)';
const KEY_FORMAT_EN = '32 bytes as base64 or hex (openssl rand -base64 32)';

/**
 * STAFF_TOTP_KEY and STAFF_TOTP_KEY_PREVIOUS (comma-separated). Unset is allowed only for the embedded
 * demo (no DATABASE_URL): it falls back to a key kept in the database (`server_secrets`). With
 * PostgreSQL the key must come from the environment. Messages are Russian and English: the operator
 * reading a failed start may be either.
 */
export function readStaffTotpKey(env: NodeJS.ProcessEnv): StaffTotpKeyResult {
  const currentText = env.STAFF_TOTP_KEY?.trim() ?? '';
  const previousTexts = (env.STAFF_TOTP_KEY_PREVIOUS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (currentText === '') {
    if (previousTexts.length > 0)
      return {
        ok: false,
        message:
          'STAFF_TOTP_KEY_PREVIOUS задан без STAFF_TOTP_KEY / STAFF_TOTP_KEY_PREVIOUS is set without STAFF_TOTP_KEY.',
      };
    if ((env.DATABASE_URL?.trim() ?? '') !== '')
      return {
        ok: false,
        message:
          `С DATABASE_URL задайте STAFF_TOTP_KEY — ключ секретов второго фактора, ${KEY_FORMAT_RU}. ` +
          `With DATABASE_URL, set STAFF_TOTP_KEY, the key of the second-factor secrets: ${KEY_FORMAT_EN}.`,
      };
    return { ok: true, key: null };
  }
  const current = keyOf(currentText);
  if (current === null)
    return {
      ok: false,
      message: `STAFF_TOTP_KEY: нужны ${KEY_FORMAT_RU}. STAFF_TOTP_KEY must be ${KEY_FORMAT_EN}.`,
    };
  const previous: Buffer[] = [];
  for (const text of previousTexts) {
    const key = keyOf(text);
    if (key === null)
      return {
        ok: false,
        message: `STAFF_TOTP_KEY_PREVIOUS: каждый ключ — ${KEY_FORMAT_RU}. Each key must be ${KEY_FORMAT_EN}.`,
      };
    if (!key.equals(current)) previous.push(key);
  }
  return { ok: true, key: { current, previous } };
}

/**
 * The box of the second factor's secrets: with STAFF_TOTP_KEY it seals with that key and still opens
 * what the previous keys and the database key (a shop that started without STAFF_TOTP_KEY) sealed;
 * without it (the embedded demo only) the database key, generated on first use.
 */
export async function openStaffTotpBox(db: AppDb, key: StaffTotpKey | null): Promise<AesGcmSecretBox> {
  if (key === null) return new AesGcmSecretBox(await serverSecret(db, DATABASE_TOTP_KEY_NAME));
  const stored = await storedDatabaseTotpKey(db);
  return new AesGcmSecretBox(key.current, stored === null ? key.previous : [...key.previous, stored]);
}

/** The key the database holds for the embedded demo, without creating one (null when there is none). */
async function storedDatabaseTotpKey(db: AppDb): Promise<Buffer | null> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, DATABASE_TOTP_KEY_NAME));
  return row === undefined ? null : Buffer.from(row.value, 'base64');
}

/**
 * Re-seals with the current key every secret an older key sealed (after a rotation, or the move from
 * the database key to STAFF_TOTP_KEY). Compare-and-set per row: several processes starting at once,
 * or a staff member setting up a new secret meanwhile, never lose a write. Returns how many changed.
 */
export async function resealSecondFactorSecrets(db: AppDb, box: AesGcmSecretBox): Promise<number> {
  const rows = await db
    .select({ id: users.id, secret: users.totpSecret })
    .from(users)
    .where(isNotNull(users.totpSecret));
  let changed = 0;
  for (const row of rows) {
    if (row.secret === null) continue;
    const resealed = box.reseal(row.secret);
    if (resealed === null) continue;
    const updated = await db
      .update(users)
      .set({ totpSecret: resealed })
      .where(and(eq(users.id, row.id), eq(users.totpSecret, row.secret)))
      .returning({ id: users.id });
    changed += updated.length;
  }
  return changed;
}
