/**
 * Smooth wheel scrolling on devices without touch (spec §2), with lenis. It is loaded after the
 * first paint so it never delays it, and stays off for touch screens and for visitors who ask for
 * reduced motion. Inside dialogs, and while a modal locks the page, the browser scrolls natively.
 */
export async function startSmoothScroll(win: Window): Promise<(() => void) | null> {
  const touch = win.matchMedia('(pointer: coarse)').matches || win.navigator.maxTouchPoints > 0;
  const reduced = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (touch || reduced) return null;
  const [{ default: Lenis }] = await Promise.all([import('lenis'), import('lenis/dist/lenis.css')]);
  const body = win.document.body;
  const lenis = new Lenis({
    autoRaf: true,
    anchors: true,
    prevent: (node) => body.style.overflow === 'hidden' || node.closest('[role="dialog"]') !== null,
  });
  return () => lenis.destroy();
}
