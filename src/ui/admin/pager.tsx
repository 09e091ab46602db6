import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { pageSlots } from '../components/pagination';
import { visuallyHidden } from '../theme/utilities.css';
import * as styles from './admin-ui.css';

/** What a page link is called: the arrows by what they do, a number «Страница N» (its visible text in it). */
interface PageLinkLabel {
  readonly 'aria-label': string;
}

/**
 * «Показаны 21–40 из 312», the page numbers (the current one marked `aria-current="page"`, not a link)
 * and the previous / next arrows, whose links keep the list's other URL parameters. Each link's
 * accessible name contains its visible text (axe `label-in-name`).
 */
export function Pager({
  page,
  limit,
  total,
  totalCapped = false,
  renderLink,
  hrefFor,
}: {
  page: number;
  limit: number;
  total: number;
  /** More match than `total` (the server stopped counting there): «из более чем N». */
  totalCapped?: boolean;
  /**
   * A link to another page of the same list (the list keeps its filters in the URL); spread `label`
   * onto it, and match its activity exactly, else page 1's link counts as the current page…
   */
  renderLink?: (page: number, children: ReactNode, label: PageLinkLabel) => ReactNode;
  /** …or just its address. */
  hrefFor?: (page: number) => string;
}) {
  const link = (target: number, children: ReactNode, label: string): ReactNode => {
    if (renderLink !== undefined) return renderLink(target, children, { 'aria-label': label });
    return (
      <Link
        to={hrefFor?.(target) ?? '.'}
        className={styles.chip}
        aria-label={label}
        activeOptions={{ exact: true, includeSearch: true }}
      >
        {children}
      </Link>
    );
  };
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav className={styles.tableFooter} aria-label="Страницы">
      <span className={styles.muted}>
        {total === 0
          ? 'Ничего не найдено'
          : `Показаны ${first}–${last} из ${totalCapped ? 'более чем ' : ''}${total}`}
      </span>
      {pages > 1 && (
        <span className={styles.row}>
          {page > 1
            ? link(page - 1, <ChevronLeft width={16} height={16} aria-hidden="true" />, 'Предыдущая страница')
            : null}
          {pageSlots(page, pages).map((slot, index) =>
            slot === 'gap' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
              <span key={`gap-${index}`} className={styles.muted} aria-hidden="true">
                …
              </span>
            ) : slot === page ? (
              <span key={slot} className={styles.chip} aria-current="page">
                {/* A no-break space: the hidden span's own trailing space would leave the name «Страница5». */}
                <span className={visuallyHidden}>Страница{'\u00a0'}</span>
                {slot}
              </span>
            ) : (
              <span key={slot}>{link(slot, String(slot), `Страница ${slot}`)}</span>
            ),
          )}
          {page < pages
            ? link(page + 1, <ChevronRight width={16} height={16} aria-hidden="true" />, 'Следующая страница')
            : null}
        </span>
      )}
    </nav>
  );
}
