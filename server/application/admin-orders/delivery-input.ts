import type { DeliveryDetailsRecord, LiftKind } from '../admin-orders.port';
import type { DeliveryMethod } from '../orders.port';

/** Delivery as a manager sends it: a field left out keeps its current value. */
export interface DeliveryInput {
  readonly method: DeliveryMethod;
  readonly address?: string | null;
  readonly date?: string | null;
  readonly timeSlot?: string | null;
  readonly floor?: number | null;
  readonly lift?: LiftKind | null;
  readonly assembly?: boolean;
}

export const NO_DELIVERY_DETAILS: DeliveryDetailsRecord = {
  date: null,
  timeSlot: null,
  floor: null,
  lift: null,
  assembly: false,
};

/** The input over the current delivery; a courier needs an address (pickup drops it). */
export function resolveDelivery(
  input: DeliveryInput,
  currentAddress: string | null,
  current: DeliveryDetailsRecord,
):
  | {
      readonly ok: true;
      readonly delivery: { readonly method: DeliveryMethod; readonly address: string | null };
      readonly details: DeliveryDetailsRecord;
    }
  | { readonly ok: false } {
  const address = (input.address === undefined ? currentAddress : input.address)?.trim() ?? '';
  if (input.method === 'courier' && address === '') return { ok: false };
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return {
    ok: true,
    delivery: { method: input.method, address: input.method === 'courier' ? address : null },
    details: {
      date: pick(input.date, current.date),
      timeSlot: pick(input.timeSlot, current.timeSlot)?.trim() || null,
      floor: pick(input.floor, current.floor),
      lift: pick(input.lift, current.lift),
      assembly: pick(input.assembly, current.assembly),
    },
  };
}
