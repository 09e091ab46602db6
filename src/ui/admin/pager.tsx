import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import * as styles from './admin-ui.css';

/** «Показаны 21–40 из 312» with previous / next links that keep the other URL parameters. */
export function Pager({
  page,
  limit,
  total,
  renderLink,
  hrefFor,
}: {
  page: number;
  limit: number;
  total: number;
  /** A link to another page of the same list (the list keeps its filters in the URL)… */
  renderLink?: (page: number, children: ReactNode, label: string) => ReactNode;
  /** …or just its address. */
  hrefFor?: (page: number) => string;
}) {
  const link = (target: number, children: ReactNode, label: string): ReactNode => {
    if (renderLink !== undefined) return renderLink(target, children, label);
    return (
      <Link to={hrefFor?.(target) ?? '.'} className={styles.chip} aria-label={label}>
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
        {total === 0 ? 'Ничего не найдено' : `Показаны ${first}–${last} из ${total}`}
      </span>
      {pages > 1 && (
        <span className={styles.row}>
          {page > 1
            ? link(
                page - 1,
                <>
                  <ChevronLeft width={16} height={16} aria-hidden="true" /> Назад
                </>,
                'Предыдущая страница',
              )
            : null}
          <span className={styles.muted}>
            Стр. {page} из {pages}
          </span>
          {page < pages
            ? link(
                page + 1,
                <>
                  Вперёд <ChevronRight width={16} height={16} aria-hidden="true" />
                </>,
                'Следующая страница',
              )
            : null}
        </span>
      )}
    </nav>
  );
}
