import { type RefCallback, useCallback, useEffect, useState } from 'react';
import type { SliderData } from '../components/home-view';

/** Spec §2/§9: home sliders load when they come within 200 px of the viewport. */
const NEAR_VIEWPORT_MARGIN = '200px';

/**
 * A ref for an element and whether it has come within 200 px of the viewport (it stays true
 * afterwards). Without IntersectionObserver (old browsers, jsdom) everything counts as near.
 */
export function useNearViewport<T extends Element>(): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  const ref = useCallback<RefCallback<T>>((node) => setElement(node), []);
  useEffect(() => {
    if (near || element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
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
