import { useSyncExternalStore } from 'react';

/** Spec §9: the scroll-to-top button appears after scrolling more than 300 px. */
const SCROLL_TOP_THRESHOLD = 300;

/**
 * The window's scroll offset, kept from scroll events. Reading `window.scrollY` inside the snapshot
 * would force a synchronous layout on every render and commit check; on a slow phone that cost the
 * first render over 100 ms (docs/performance.md «Storefront»). Scroll events come when layout is
 * fresh anyway, and the first read waits for the next frame.
 */
let scrollOffset = 0;
const listeners = new Set<() => void>();

function readScroll() {
  scrollOffset = window.scrollY;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  if (listeners.size === 1) {
    window.addEventListener('scroll', readScroll, { passive: true });
    // A page opened mid-way (restored scroll) shows the button without waiting for a scroll.
    if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(readScroll);
    else readScroll();
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', readScroll);
  };
}

/** Whether the window is scrolled more than `threshold` px; false on the server. */
export function useScrolledPast(threshold: number = SCROLL_TOP_THRESHOLD): boolean {
  return useSyncExternalStore(
    subscribe,
    () => scrollOffset > threshold,
    () => false,
  );
}
