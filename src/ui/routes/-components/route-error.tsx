import { useRouter } from '@tanstack/react-router';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { RefreshCw } from '../../components/icons';

/** Spec §2 loading text, and the error text of a page whose data could not be loaded. */
export const PAGE_LOAD_ERROR = {
  title: 'Не удалось загрузить страницу',
  text: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
} as const;

/**
 * A route's errorComponent: the Russian message and a retry that reloads the route's data
 * (`router.invalidate()` re-runs the loaders; `reset` alone would only re-render the error).
 */
export function RouteErrorView({ reset }: { error: unknown; reset?: () => void }) {
  const router = useRouter();
  const retry = () => {
    reset?.();
    void router.invalidate();
  };
  return (
    <div role="alert">
      <EmptyState
        headingLevel="h1"
        title={PAGE_LOAD_ERROR.title}
        text={PAGE_LOAD_ERROR.text}
        icon={<RefreshCw size={32} aria-hidden="true" />}
        actions={<Button onClick={retry}>{PAGE_LOAD_ERROR.retry}</Button>}
      />
    </div>
  );
}
