import type { LoggerPort } from '../application/ports/logger.port';
import type { NotifierPort, ToastKind, ToastOptions } from '../application/ports/notifier.port';

/** The slice of react-toastify's `toast` the adapter uses (a seam: tests pass a recording one). */
export interface ToastApi {
  show(message: string, options: { toastId: string; type: ToastKind; autoClose: number | false }): void;
  update(id: string, options: { render?: string; type?: ToastKind }): void;
  dismiss(id?: string): void;
}

/** Loads the toast library and mounts its container; called once, on the first toast. */
export type ToastApiLoader = () => Promise<ToastApi>;

/** Spec §9 "Library toast: auto-close 5 s". */
const LIBRARY_TOAST_MS = 5000;

/**
 * Toasts through react-toastify. The library is loaded on the first toast (it is not needed for the
 * first paint, so it stays out of the entry chunk); calls made while it loads are replayed in order.
 * Its `limit` and queue are the spec's "maximum number shown with a waiting queue" — nothing here
 * re-implements them.
 */
export class ToastifyNotifierAdapter implements NotifierPort {
  private readonly load: ToastApiLoader;
  private readonly logger: LoggerPort;
  private ready: Promise<ToastApi | null> | null = null;
  private counter = 0;

  constructor(load: ToastApiLoader, logger: LoggerPort) {
    this.load = load;
    this.logger = logger;
  }

  show(kind: ToastKind, message: string, options: ToastOptions = {}): string {
    this.counter += 1;
    const id = options.id ?? `toast-${this.counter}`;
    const autoClose = options.autoCloseMs === undefined ? LIBRARY_TOAST_MS : options.autoCloseMs;
    this.run((api) => api.show(message, { toastId: id, type: kind, autoClose }));
    return id;
  }

  update(id: string, change: { readonly kind?: ToastKind; readonly message?: string }): void {
    this.run((api) =>
      api.update(id, {
        ...(change.message === undefined ? {} : { render: change.message }),
        ...(change.kind === undefined ? {} : { type: change.kind }),
      }),
    );
  }

  dismiss(id?: string): void {
    this.run((api) => api.dismiss(id));
  }

  private run(operation: (api: ToastApi) => void): void {
    if (this.ready === null) {
      this.ready = this.load().catch((error: unknown) => {
        // A failed chunk load must not break the shop: the change already happened, only the toast is lost.
        this.logger.error('Toast library could not be loaded', error);
        this.ready = null;
        return null;
      });
    }
    void this.ready.then((api) => {
      if (api !== null) operation(api);
    });
  }
}
