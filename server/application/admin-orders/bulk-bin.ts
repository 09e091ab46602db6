import type { AdminActor, AdminOrderResult } from './admin-order-result';
import type { MoveOrderToBin } from './move-to-bin';
import type { RestoreOrderFromBin } from './restore-from-bin';

export type BulkBinCommand = (
  actor: AdminActor,
  ids: readonly number[],
) => Promise<{ readonly id: number; readonly result: AdminOrderResult }[]>;

/** Each order in turn through the single command (a repeated id counts once). */
function each(single: MoveOrderToBin | RestoreOrderFromBin): BulkBinCommand {
  return async (actor, ids) => {
    const outcomes = [];
    for (const id of new Set(ids)) outcomes.push({ id, result: await single(actor, id) });
    return outcomes;
  };
}

/** Bulk «Удалить»: every selected order to the bin, one by one. */
export const bulkMoveToBin = (moveToBin: MoveOrderToBin): BulkBinCommand => each(moveToBin);

/** Bulk «Восстановить»: every selected order out of the bin, one by one (each may be refused for stock). */
export const bulkRestoreFromBin = (restore: RestoreOrderFromBin): BulkBinCommand => each(restore);
