import { and, eq } from 'drizzle-orm';
import type {
  ClientCardRepository,
  ClientContactsRecord,
  ClientNotesRecord,
} from '../../application/admin-clients/client-card.port';
import type { AppDb } from '../db/database';
import { users } from '../db/schema/accounts.schema';
import { clientNotes } from '../db/schema/client-notes.schema';

/** PostgreSQL's unique_violation, as both drivers report it (maybe wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; ) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export class DrizzleClientCardRepository implements ClientCardRepository {
  constructor(private readonly db: AppDb) {}

  async contactsOf(clientId: number): Promise<ClientContactsRecord | null> {
    const [row] = await this.db
      .select({ name: users.name, phone: users.phone, email: users.email })
      .from(users)
      .where(and(eq(users.id, clientId), eq(users.role, 'user')))
      .limit(1);
    return row ?? null;
  }

  async changeContacts(
    clientId: number,
    contacts: ClientContactsRecord,
  ): Promise<'changed' | 'not_found' | 'email_taken'> {
    try {
      const changed = await this.db
        .update(users)
        .set({ name: contacts.name, phone: contacts.phone, email: contacts.email })
        .where(and(eq(users.id, clientId), eq(users.role, 'user')))
        .returning({ id: users.id });
      return changed.length === 0 ? 'not_found' : 'changed';
    } catch (error) {
      // users_email_key: another account (a client or an administrator) signs in with this e-mail.
      if (isUniqueViolation(error)) return 'email_taken';
      throw error;
    }
  }

  async notesOf(clientId: number): Promise<ClientNotesRecord | null> {
    const [row] = await this.db
      .select({ id: users.id, notes: clientNotes.notes, tags: clientNotes.tags })
      .from(users)
      .leftJoin(clientNotes, eq(clientNotes.clientId, users.id))
      .where(and(eq(users.id, clientId), eq(users.role, 'user')))
      .limit(1);
    if (row === undefined) return null;
    return { notes: row.notes ?? '', tags: row.tags ?? [] };
  }

  async changeNotes(clientId: number, notes: ClientNotesRecord, adminId: number): Promise<void> {
    const values = { notes: notes.notes, tags: [...notes.tags], updatedAt: new Date(), updatedBy: adminId };
    await this.db
      .insert(clientNotes)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: clientNotes.clientId, set: values });
  }
}
