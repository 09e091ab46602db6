import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Toasts (spec §2 "Toast notifications appear top-right"; §4 "Toasts: a maximum number is shown
 * with a waiting queue; each toast is added, updated or removed"). The adapter's library keeps the
 * limit and the queue; callers only add, update and dismiss by id.
 */
export type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** A stable id: showing the same id again does not stack a second toast. */
  readonly id?: string;
  /** Milliseconds until it closes by itself; false keeps it until dismissed. Default 5000 (spec §9). */
  readonly autoCloseMs?: number | false;
}

export interface NotifierPort {
  /** Shows a toast and returns its id. */
  show(kind: ToastKind, message: string, options?: ToastOptions): string;
  update(id: string, change: { readonly kind?: ToastKind; readonly message?: string }): void;
  /** Removes one toast, or all of them without an id. */
  dismiss(id?: string): void;
}

export const NOTIFIER_PORT: PortToken<NotifierPort> = portToken<NotifierPort>('NotifierPort');
