import { PortFailure } from '../application/ports/port-failure';

/** A port whose every member is an async method, so it can be served before its adapter has loaded. */
export type AsyncPort<T> = { readonly [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * A port that loads its adapter on the first call: each method waits for `load()` and then calls the
 * real method. A failed load (a chunk that could not be fetched) rejects that call with a `network`
 * PortFailure and is tried again on the next call.
 */
export function lazyPort<T extends AsyncPort<T>>(load: () => Promise<T>): T {
  let loading: Promise<T> | null = null;
  const adapter = (): Promise<T> => {
    if (loading === null) {
      loading = load().catch((error: unknown) => {
        loading = null;
        throw new PortFailure({ kind: 'network', message: `Adapter could not be loaded: ${String(error)}` });
      });
    }
    return loading;
  };
  return new Proxy({} as T, {
    get(_target, property) {
      // Not a thenable: `await port` must not call into the adapter.
      if (property === 'then') return undefined;
      return async (...args: unknown[]) => {
        const real = (await adapter()) as Record<PropertyKey, unknown>;
        const method = real[property];
        if (typeof method !== 'function')
          throw new TypeError(`${String(property)} is not a method of this port`);
        return method.apply(real, args) as unknown;
      };
    },
  });
}
