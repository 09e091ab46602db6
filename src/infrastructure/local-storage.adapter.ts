import type { KeyValueStoragePort, StorageSlot } from '../application/ports/key-value-storage.port';
import type { LoggerPort } from '../application/ports/logger.port';

/** Where 'storage' events of other tabs arrive (the window). */
export type StorageEventSource = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * localStorage behind typed slots. Reads decode and repair: a value that is not in its canonical
 * form (decode → encode gives different text) (garbage, a foreign shape, an oversized string) is overwritten with the
 * valid value at once, so the next start-up reads clean data. Storage that is missing or throws
 * (private mode, quota, a sandboxed iframe) behaves as empty storage; the app keeps working from
 * memory and the failure is logged.
 */
export class LocalStorageAdapter implements KeyValueStoragePort {
  private readonly storage: Storage | null;
  private readonly events: StorageEventSource | null;
  private readonly logger: LoggerPort;

  constructor(storage: Storage | null, events: StorageEventSource | null, logger: LoggerPort) {
    this.storage = storage;
    this.events = events;
    this.logger = logger;
  }

  read<T>(slot: StorageSlot<T>): T {
    const raw = this.getRaw(slot.key);
    const value = slot.decode(raw);
    if (raw !== null) {
      const clean = slot.encode(value);
      if (clean !== raw) {
        this.logger.warn(`Stored value under '${slot.key}' was invalid and has been replaced`);
        this.setRaw(slot.key, clean);
      }
    }
    return value;
  }

  /**
   * Stores the canonical form — the value as the slot's decoder would read it back — so what this
   * adapter writes is never "repaired" on the next read, and an invalid value is never persisted.
   */
  write<T>(slot: StorageSlot<T>, value: T): void {
    this.setRaw(slot.key, slot.encode(slot.decode(slot.encode(value))));
  }

  remove<T>(slot: StorageSlot<T>): void {
    try {
      this.storage?.removeItem(slot.key);
    } catch (error) {
      this.logger.warn(`Could not remove '${slot.key}' from storage`, error);
    }
  }

  onExternalChange<T>(slot: StorageSlot<T>, listener: (value: T) => void): () => void {
    const events = this.events;
    if (events === null) return () => undefined;
    const handle = (event: StorageEvent): void => {
      // Another storage area (sessionStorage) or another key: not ours.
      if (event.storageArea !== null && event.storageArea !== this.storage) return;
      // key === null means the other tab cleared all storage.
      if (event.key !== null && event.key !== slot.key) return;
      listener(slot.decode(event.key === null ? null : event.newValue));
    };
    events.addEventListener('storage', handle);
    return () => events.removeEventListener('storage', handle);
  }

  private getRaw(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch (error) {
      this.logger.warn(`Could not read '${key}' from storage`, error);
      return null;
    }
  }

  private setRaw(key: string, text: string): void {
    try {
      this.storage?.setItem(key, text);
    } catch (error) {
      this.logger.warn(`Could not write '${key}' to storage`, error);
    }
  }
}

/** The page's localStorage, or null where reading the property itself throws (blocked storage). */
export function browserLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
