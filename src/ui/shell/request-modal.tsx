import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { consultationModalMachine } from '../../application/machines/consultation-modal.machine';
import type { RequestModalViewProps } from './request-modal-view';

/**
 * The request modals' form (fields, file picker, phone mask, success view) is not part of the first
 * screen: its code is a chunk of its own, fetched in the background once the page has started, so it
 * is there when the visitor opens a modal (the machine moves focus into it 120 ms after opening) and
 * out of the entry's first path (docs/performance.md «Entry JS»).
 */
const loadRequestModalView = () => import('./request-modal-view');
const LoadedRequestModalView = lazy(() =>
  loadRequestModalView().then((module) => ({ default: module.RequestModalView })),
);

/** The request modal machine's view (request-modal-view.tsx), loaded on first need. */
export function RequestModal(props: RequestModalViewProps) {
  // The two machines share one shape (as in request-modal-view.tsx).
  const actor = props.actor as ActorRefFrom<typeof consultationModalMachine>;
  const visible = useSelector(actor, (snapshot) => snapshot.hasTag('visible'));
  useEffect(() => {
    // Effects run after hydration: the chunk arrives while the visitor reads the page.
    loadRequestModalView().catch((error: unknown) => console.warn('Форма заявки не загрузилась', error));
  }, []);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <LoadedRequestModalView {...props} />
    </Suspense>
  );
}
