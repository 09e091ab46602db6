import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/composition-root';
import { AesGcmSecretBox } from '../../server/infrastructure/auth/secret-box';
import type { StaffTotpKey } from '../../server/infrastructure/auth/staff-totp-key';
import { openStaffTotpBox } from '../../server/infrastructure/auth/staff-totp-key';
import type { Database } from '../../server/infrastructure/db/database';
import { ADMIN_EMAIL, CapturingMailer, testAccountsConfig } from './support/session-client';
import { openTestDatabase, testDrivers } from './support/test-database';

/**
 * docs/operations.md, «The second factor's key»: a shop that ran on the database key moves to
 * STAFF_TOTP_KEY, then rotates it, and every stored secret follows at the next start.
 */
const SECRET = 'JBSWY3DPEHPK3PXP';

describe.each(testDrivers())('the second factor’s key from the environment (%s)', (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** One server start (and stop) with the given key; the start re-seals what older keys sealed. */
  async function startWith(staffTotpKey: StaffTotpKey | null): Promise<void> {
    const { app } = await createServer(database, {
      dataDir: resolve('.tmp/test-data'),
      clientDir: resolve('.tmp/test-no-client'),
      logLevel: 'silent',
      cacheEntries: 0,
      cacheTtlMs: 60_000,
      accounts: testAccountsConfig({ staffTotpKey }),
      mailer: new CapturingMailer(),
    });
    await app.ready();
    await app.close();
  }

  const storedSecret = async (): Promise<string> => {
    const [row] = await database.rows<{ totp_secret: string }>(
      sql`select totp_secret from users where email = ${ADMIN_EMAIL}`,
    );
    return row?.totp_secret ?? '';
  };

  it('re-seals a secret of the database key with STAFF_TOTP_KEY, then follows a rotation', async () => {
    // The embedded demo: the owner's secret sealed with the key kept in the database.
    await startWith(null);
    const databaseBox = await openStaffTotpBox(database.db, null);
    await database.rows(
      sql`update users set totp_secret = ${databaseBox.seal(SECRET)} where email = ${ADMIN_EMAIL}`,
    );

    const first = randomBytes(32);
    await startWith({ current: first, previous: [] });
    const movedToFirst = await storedSecret();
    expect(new AesGcmSecretBox(first).open(movedToFirst)).toBe(SECRET);

    const second = randomBytes(32);
    await startWith({ current: second, previous: [first] });
    const movedToSecond = await storedSecret();
    expect(new AesGcmSecretBox(second).open(movedToSecond)).toBe(SECRET);
    expect(new AesGcmSecretBox(first).open(movedToSecond)).toBeNull();

    // Nothing left to move: another start writes nothing.
    await startWith({ current: second, previous: [first] });
    expect(await storedSecret()).toBe(movedToSecond);
  });
});
