import { useSyncExternalStore } from 'react';

/** Spec §9: the scroll-to-top button appears after scrolling more than 300 px. */
export const SCROLL_TOP_THRESHOLD = 300;

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Whether the window is scrolled more than `threshold` px; false on the server. */
export function useScrolledPast(threshold: number = SCROLL_TOP_THRESHOLD): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}
