import type { AdminClientDetail } from '../../../api/admin-clients';
import type { AdminActor } from '../admin-requests.service';
import type { AuditLog } from '../audit-log.port';
import type { ClientCardRepository, ClientContactsRecord } from './client-card.port';

export interface ChangeClientContactsDeps {
  readonly cards: ClientCardRepository;
  readonly audit: AuditLog;
  /** The whole card after the change: what the manager's screen shows next. */
  readonly cardOf: (clientId: number) => Promise<AdminClientDetail | null>;
}

export type ChangeClientContactsResult =
  | { readonly ok: true; readonly card: AdminClientDetail }
  | { readonly ok: false; readonly error: 'not_found' | 'email_taken' };

/** The contact fields that differ, for the audit entry's «было → стало». */
function changedFields(before: ClientContactsRecord, after: ClientContactsRecord) {
  const keys = (['name', 'phone', 'email'] as const).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * A manager corrects a client's name, phone and e-mail (issue 25, item 9). The contract has checked
 * each field; the route passes the phone in its stored E.164 form. The e-mail is also the client's
 * sign-in, so it stays one account per mailbox. Audited as `client.contactsChanged` with only the
 * fields that changed; a save that changes nothing writes no entry.
 */
export function changeClientContacts(deps: ChangeClientContactsDeps) {
  return async (
    actor: AdminActor,
    clientId: number,
    change: ClientContactsRecord,
  ): Promise<ChangeClientContactsResult> => {
    const before = await deps.cards.contactsOf(clientId);
    if (before === null) return { ok: false, error: 'not_found' };
    const after: ClientContactsRecord = {
      name: change.name === null || change.name.trim() === '' ? null : change.name.trim(),
      phone: change.phone === null || change.phone.trim() === '' ? null : change.phone.trim(),
      email: change.email.trim().toLowerCase(),
    };
    const diff = changedFields(before, after);
    if (Object.keys(diff.after).length > 0) {
      const outcome = await deps.cards.changeContacts(clientId, after);
      if (outcome !== 'changed') return { ok: false, error: outcome };
      await deps.audit.record({
        actorKind: 'admin',
        actorId: actor.adminId,
        action: 'client.contactsChanged',
        entityType: 'client',
        entityId: String(clientId),
        before: diff.before,
        after: diff.after,
        ip: actor.ip,
      });
    }
    const card = await deps.cardOf(clientId);
    return card === null ? { ok: false, error: 'not_found' } : { ok: true, card };
  };
}
