import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Browser storage (localStorage) seen through typed slots. A slot knows its key and how to turn
 * whatever is stored there — nothing, garbage, a foreign shape, an old format — into a valid value,
 * so a corrupt 'cart' never breaks start-up (the slots in storage-slots.ts use the domain's decoders).
 *
 * Synchronous on purpose: localStorage is synchronous, and a machine reads its start value while it
 * is being created. Writes never throw (quota exceeded, storage disabled): the value in memory stays
 * authoritative and the failure is logged by the adapter.
 */
export interface StorageSlot<T> {
  readonly key: string;
  /** Any stored text (or null when absent) to a valid value. Total: never throws. */
  readonly decode: (raw: string | null) => T;
  readonly encode: (value: T) => string;
}

export interface KeyValueStoragePort {
  /** The slot's valid value; a stored value that did not decode as it was is replaced on the spot. */
  read<T>(slot: StorageSlot<T>): T;
  write<T>(slot: StorageSlot<T>, value: T): void;
  remove<T>(slot: StorageSlot<T>): void;
  /**
   * Changes another tab made to this slot (the 'storage' event), decoded; a removed or cleared value
   * arrives as the slot's value for "nothing stored". Returns the unsubscribe function.
   */
  onExternalChange<T>(slot: StorageSlot<T>, listener: (value: T) => void): () => void;
}

export const KEY_VALUE_STORAGE_PORT: PortToken<KeyValueStoragePort> =
  portToken<KeyValueStoragePort>('KeyValueStoragePort');
