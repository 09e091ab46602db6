import { useSyncExternalStore } from 'react';

/** The "server shape" never changes by itself: nothing to subscribe to. */
const subscribeToNothing = () => () => {};

/**
 * True while the page is drawn as the server draws it: on the server itself, and in the browser
 * during hydration of the server's markup (React takes `getServerSnapshot` then); false in every
 * later render and in a page the browser draws on its own. React renders again right after
 * hydration when the value changes, so what only the browser knows appears one commit later.
 */
function useServerShape(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/**
 * `value` in the browser, `serverValue` where the page must look as the server drew it (see
 * useServerShape). For what the server cannot know — the visitor's storage, cookies and session:
 * the cart and favourites counts, the sign-in state, the city — so hydration finds the same markup
 * and the visitor's own values replace the neutral ones right after it.
 */
export function useAfterHydration<T>(value: T, serverValue: T): T {
  return useServerShape() ? serverValue : value;
}
