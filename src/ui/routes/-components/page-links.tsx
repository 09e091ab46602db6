import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from '../../components/icons';
import { pageSlots } from '../../components/pagination';
import * as styles from '../../components/pagination.css';

/**
 * Page links that keep the page number in the current route's search params. The design system's
 * <Pagination> takes string hrefs, and a router <Link to> does not read a query from a string, so
 * listings use this twin built on the same `pageSlots` and styles.
 */
export interface PageLinksProps<S extends object> {
  readonly current: number;
  readonly total: number;
  /** The route's search params for a page. */
  readonly searchFor: (page: number) => S;
}

export function PageLinks<S extends object>({ current, total, searchFor }: PageLinksProps<S>) {
  const last = Number.isFinite(total) ? Math.max(1, Math.floor(total)) : 1;
  if (last <= 1) return null;
  const page = Math.min(last, Math.max(1, Math.floor(Number.isFinite(current) ? current : 1)));
  const link = (target: number, label: string, content: React.ReactNode, isCurrent = false) => (
    <Link
      to="."
      search={searchFor(target)}
      className={styles.page}
      aria-label={label}
      aria-current={isCurrent ? 'page' : undefined}
    >
      {content}
    </Link>
  );
  return (
    <nav aria-label="Страницы">
      <ul className={styles.list}>
        <li>
          {page > 1 ? (
            link(page - 1, 'Предыдущая страница', <ChevronLeft size={18} aria-hidden="true" />)
          ) : (
            <span className={`${styles.page} ${styles.disabled}`} aria-hidden="true">
              <ChevronLeft size={18} />
            </span>
          )}
        </li>
        {pageSlots(page, last).map((slot, index) =>
          slot === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>{link(slot, `Страница ${slot}`, String(slot), slot === page)}</li>
          ),
        )}
        <li>
          {page < last ? (
            link(page + 1, 'Следующая страница', <ChevronRight size={18} aria-hidden="true" />)
          ) : (
            <span className={`${styles.page} ${styles.disabled}`} aria-hidden="true">
              <ChevronRight size={18} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
