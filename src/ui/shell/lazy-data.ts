import { type RefCallback, useCallback, useEffect, useState } from 'react';
import type { SliderData } from '../components/home-view';

/** Spec §2/§9: home sliders load when they come within 200 px of the viewport. */
const NEAR_VIEWPORT_MARGIN = '200px';

/**
 * A ref for an element and whether it has come within 200 px of the viewport (it stays true
 * afterwards). Without IntersectionObserver (old browsers, jsdom) everything counts as near.
 *
 * The observer is set up by the ref callback itself (React 19 runs its returned cleanup on detach):
 * keeping the element in state would render the whole page again right after hydration, once per
 * slider, for nothing the visitor sees (docs/performance.md «No re-render after ready»).
 */
export function useNearViewport<T extends Element>(): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback<RefCallback<T>>((element) => {
    if (element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, near];
}

/**
 * Slider data loaded once `enabled` turns true (and again when `key` changes); the request is
 * cancelled when the page goes away. `load` should be stable for a given key.
 */
export function useLazySlider<T>(
  enabled: boolean,
  key: string,
  load: (signal: AbortSignal) => Promise<readonly T[]>,
): SliderData<T> {
  const [data, setData] = useState<{ key: string; value: SliderData<T> } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` loads
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (items) => {
        if (!controller.signal.aborted) setData({ key, value: { status: 'ready', items } });
      },
      () => {
        if (!controller.signal.aborted) setData({ key, value: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [enabled, key]);
  return data !== null && data.key === key ? data.value : { status: 'loading' };
}
