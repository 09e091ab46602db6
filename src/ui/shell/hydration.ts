import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * Whether the browser app is hydrating the server's markup. main.tsx says so before `hydrateRoot` and
 * says it is over at the first client navigation: React hydrates the page below the root route's
 * Suspense boundary, and each deferred block, in passes of their own after the shell's commit, so
 * «the shell has committed» is not «the page has hydrated». A page the browser draws on its own never
 * hydrates.
 * A module-level flag rather than context: it changes twice per page load, and nothing re-renders
 * because of it (each component reads it once, when it mounts).
 */
let hydrating = false;

/** Before `hydrateRoot`: components mounted from now on draw the server's shape first. */
export function beginHydration(): void {
  hydrating = true;
}

/** Once the page has hydrated: components mounted from now on draw the visitor's values at once. */
export function endHydration(): void {
  hydrating = false;
}

/**
 * Whether what is loaded and rendered now must look as the server drew it: on the server itself, and
 * in the browser from `beginHydration` (main.tsx calls it before the first page's loaders run) until
 * the first client navigation. A route loader that reads what the server read from the request (the
 * cart page's cookie lines) reads it only then; a page the browser draws on its own needs none of it.
 */
export function drawsServerShape(): boolean {
  return typeof window === 'undefined' || hydrating;
}

/**
 * `value` in the browser, `serverValue` where the page must look as the server drew it: on the server
 * itself, and in the browser in the hydration of the server's markup (a page the browser draws on its
 * own gets `value` at once). For what the server cannot know — the visitor's storage, cookies and
 * session: the cart and favourites counts, the sign-in state, the city — so hydration finds the same
 * markup and the visitor's own values replace the neutral ones right after it.
 *
 * After hydration the visitor's values come in a transition: React renders them in slices that yield
 * to taps and paints. (`useSyncExternalStore` with a server snapshot did the same but re-rendered
 * synchronously, inside the task that commits the hydration: one more long task on a slow phone;
 * docs/performance.md «Hydration without a long tail».) Only a component whose value differs from
 * the server's renders again: a guest's empty cart, no favourites, a signed-out header re-render
 * nothing (`isEqual`, Object.is by default; docs/performance.md «No re-render after ready»). Once the
 * component has committed, any later render (its machine changed) draws `value` directly.
 */
export function useAfterHydration<T>(
  value: T,
  serverValue: T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const [serverShape, setServerShape] = useState(() => typeof window === 'undefined' || hydrating);
  // Set by the first commit: a render after it (its machine changed) needs the server's shape no more.
  const committed = useRef(false);
  const differs = serverShape && !isEqual(value, serverValue);
  useEffect(() => {
    committed.current = true;
    if (differs) startTransition(() => setServerShape(false));
  }, [differs]);
  return serverShape && !committed.current ? serverValue : value;
}
