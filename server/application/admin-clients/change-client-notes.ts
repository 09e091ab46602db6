import type { AdminClientDetail } from '../../../api/admin-clients';
import type { AdminActor } from '../admin-requests.service';
import type { AuditLog } from '../audit-log.port';
import type { ClientCardRepository } from './client-card.port';

export interface ChangeClientNotesDeps {
  readonly cards: ClientCardRepository;
  readonly audit: AuditLog;
  readonly cardOf: (clientId: number) => Promise<AdminClientDetail | null>;
}

export type ChangeClientNotesResult =
  | { readonly ok: true; readonly card: AdminClientDetail }
  | { readonly ok: false; readonly error: 'not_found' };

/** Tags as kept: trimmed, empty ones dropped, each once (the first spelling, compared ignoring case). */
function tidyTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const text = tag.trim();
    const key = text.toLocaleLowerCase('ru');
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
  }
  return kept;
}

/**
 * A manager replaces the internal note and tags on a client (issue 25, item 9). Whole values, last
 * save wins; the audit entry `client.notesChanged` keeps what was there before, so nothing a colleague
 * wrote is lost for good. A save that changes nothing writes no entry.
 */
export function changeClientNotes(deps: ChangeClientNotesDeps) {
  return async (
    actor: AdminActor,
    clientId: number,
    change: { readonly notes: string; readonly tags: readonly string[] },
  ): Promise<ChangeClientNotesResult> => {
    const before = await deps.cards.notesOf(clientId);
    if (before === null) return { ok: false, error: 'not_found' };
    const after = { notes: change.notes.trim(), tags: tidyTags(change.tags) };
    const notesChanged = before.notes !== after.notes;
    const tagsChanged = before.tags.join('\n') !== after.tags.join('\n');
    if (notesChanged || tagsChanged) {
      await deps.cards.changeNotes(clientId, after, actor.adminId);
      await deps.audit.record({
        actorKind: 'admin',
        actorId: actor.adminId,
        action: 'client.notesChanged',
        entityType: 'client',
        entityId: String(clientId),
        before: {
          ...(notesChanged ? { notes: before.notes } : {}),
          ...(tagsChanged ? { tags: before.tags } : {}),
        },
        after: {
          ...(notesChanged ? { notes: after.notes } : {}),
          ...(tagsChanged ? { tags: after.tags } : {}),
        },
        ip: actor.ip,
      });
    }
    const card = await deps.cardOf(clientId);
    return card === null ? { ok: false, error: 'not_found' } : { ok: true, card };
  };
}
