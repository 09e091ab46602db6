import { type DeliveryTariffs, type TariffProblem, tariffProblems } from '../../domain/delivery-tariffs';
import type { AdminActor } from '../admin-requests.service';
import type { AuditLog } from '../audit-log.port';
import type { TariffsRecord, TariffsRepository } from './tariffs.port';

export type SaveTariffsResult =
  | { readonly ok: true; readonly tariffs: TariffsRecord }
  | { readonly ok: false; readonly error: 'invalid'; readonly problems: readonly TariffProblem[] }
  | { readonly ok: false; readonly error: 'stale' };

/** JSON with the keys sorted: a document read back from jsonb has its keys in another order. */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonical(each)}`).join(',')}}`;
}

/** Only the prices that changed, like every audit entry («поле: было → стало»); a class by its id. */
function changedFields(before: DeliveryTariffs, after: DeliveryTariffs) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const compare = (key: string, a: unknown, b: unknown) => {
    if (canonical(a) === canonical(b)) return;
    was[key] = a;
    now[key] = b;
  };
  for (const key of Object.keys(after) as (keyof DeliveryTariffs)[]) {
    if (key !== 'classes') compare(key, before[key], after[key]);
  }
  for (const id of Object.keys(after.classes) as (keyof DeliveryTariffs['classes'])[]) {
    compare(`classes.${id}`, before.classes[id], after.classes[id]);
  }
  return { before: was, after: now };
}

/**
 * The owner saves the tariffs (issue 23, item 1): checked (no negative price, whole roubles, a percent
 * 0–100), stored as a new version over the one the form was opened with, and audited with the prices
 * before and after. A save over a newer version is refused, so nobody overwrites a colleague unseen.
 */
export function saveTariffs(deps: { readonly tariffs: TariffsRepository; readonly audit: AuditLog }) {
  return async (actor: AdminActor, basedOn: number, tariffs: DeliveryTariffs): Promise<SaveTariffsResult> => {
    const problems = tariffProblems(tariffs);
    if (problems.length > 0) return { ok: false, error: 'invalid', problems };
    const before = await deps.tariffs.current();
    if (before.version !== basedOn) return { ok: false, error: 'stale' };
    const saved = await deps.tariffs.save(basedOn, tariffs, actor.adminId);
    if (saved === 'stale') return { ok: false, error: 'stale' };
    await deps.audit.record({
      actorKind: 'admin',
      actorId: actor.adminId,
      action: 'tariffs.changed',
      entityType: 'tariffs',
      entityId: String(saved.version),
      ...changedFields(before.tariffs, saved.tariffs),
      ip: actor.ip,
    });
    return { ok: true, tariffs: saved };
  };
}
