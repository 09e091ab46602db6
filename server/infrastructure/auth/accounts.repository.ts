import { and, eq, sql } from 'drizzle-orm';
import type {
  AccountsRepository,
  NewUser,
  SessionRecord,
  SessionsRepository,
  UserRecord,
} from '../../application/accounts.port';
import type { AppDb } from '../db/database';
import { sessions, users } from '../db/schema/accounts.schema';

type UserRow = typeof users.$inferSelect;

const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  role: row.role,
  name: row.name,
  phone: row.phone,
  passwordHash: row.passwordHash,
  tempPasswordHash: row.tempPasswordHash,
  tempPasswordIssuedAt: row.tempPasswordIssuedAt?.getTime() ?? null,
  mustChangePassword: row.mustChangePassword,
  // A staff row written before migration 0017 ran cannot exist; a missing role reads as the narrowest.
  staffRole: row.role === 'admin' ? (row.staffRole ?? 'content') : null,
  blocked: row.blockedAt !== null,
  totpEnabled: row.totpEnabledAt !== null,
});

export class DrizzleAccountsRepository implements AccountsRepository {
  constructor(private readonly db: AppDb) {}

  async findByEmail(email: string): Promise<UserRecord | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ? toUser(row) : null;
  }

  async findById(id: number): Promise<UserRecord | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ? toUser(row) : null;
  }

  async createIfAbsent(user: NewUser): Promise<{ user: UserRecord; created: boolean }> {
    const inserted = await this.db
      .insert(users)
      .values({
        email: user.email,
        role: user.role,
        passwordHash: user.passwordHash,
        tempPasswordHash: user.tempPasswordHash,
        tempPasswordIssuedAt: user.tempPasswordIssuedAt === null ? null : new Date(user.tempPasswordIssuedAt),
        name: user.name ?? null,
        phone: user.phone ?? null,
        staffRole: user.staffRole ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    const [row] = inserted;
    if (row) return { user: toUser(row), created: true };
    const existing = await this.findByEmail(user.email);
    if (existing === null) throw new Error('user vanished between insert and select');
    return { user: existing, created: false };
  }

  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, tempPasswordHash: null, tempPasswordIssuedAt: null, mustChangePassword: false })
      .where(eq(users.id, userId));
  }

  async setTemporaryPassword(userId: number, tempPasswordHash: string, issuedAt: number): Promise<void> {
    await this.db
      .update(users)
      .set({ tempPasswordHash, tempPasswordIssuedAt: new Date(issuedAt) })
      .where(eq(users.id, userId));
  }

  async consumeTemporaryPassword(userId: number, tempPasswordHash: string): Promise<boolean> {
    const updated = await this.db
      .update(users)
      .set({ tempPasswordHash: null, tempPasswordIssuedAt: null, mustChangePassword: true })
      .where(and(eq(users.id, userId), eq(users.tempPasswordHash, tempPasswordHash)))
      .returning({ id: users.id });
    return updated.length === 1;
  }

  async hasAdmin(): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    return rows.length > 0;
  }

  async fillContactIfEmpty(userId: number, contact: { name?: string; phone?: string }): Promise<void> {
    await this.db
      .update(users)
      .set({
        name: sql`coalesce(${users.name}, ${contact.name ?? null})`,
        phone: sql`coalesce(${users.phone}, ${contact.phone ?? null})`,
      })
      .where(eq(users.id, userId));
  }
}

type SessionRow = typeof sessions.$inferSelect;

const toSession = (row: SessionRow): SessionRecord => ({
  tokenHash: row.tokenHash,
  userId: row.userId,
  role: row.role,
  createdAt: row.createdAt.getTime(),
  lastSeenAt: row.lastSeenAt.getTime(),
});

export class DrizzleSessionsRepository implements SessionsRepository {
  constructor(private readonly db: AppDb) {}

  async create(session: SessionRecord): Promise<void> {
    await this.db.insert(sessions).values({
      tokenHash: session.tokenHash,
      userId: session.userId,
      role: session.role,
      createdAt: new Date(session.createdAt),
      lastSeenAt: new Date(session.lastSeenAt),
    });
  }

  async find(tokenHash: string): Promise<SessionRecord | null> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return row ? toSession(row) : null;
  }

  async touch(tokenHash: string, at: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: new Date(at) })
      .where(eq(sessions.tokenHash, tokenHash));
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  async deleteAllForUser(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }
}
