import { AppLink } from './app-link';
import { ChevronLeft, ChevronRight } from './icons';
import * as styles from './pagination.css';

export type PageSlot = number | 'gap';

/**
 * Which page numbers to show: always the first and last, the current one and `siblings` on each
 * side, with 'gap' where numbers are skipped. Total for any input: a bad total or current page is
 * clamped into 1…total.
 */
export function pageSlots(current: number, total: number, siblings = 1): readonly PageSlot[] {
  const last = Number.isFinite(total) ? Math.max(1, Math.floor(total)) : 1;
  const page = Number.isFinite(current) ? Math.min(last, Math.max(1, Math.floor(current))) : 1;
  const wanted = new Set<number>([1, last]);
  // Offsets rather than `n += 1` from page − siblings: near 2^53 adding 1 no longer changes a double.
  const span = Number.isFinite(siblings) ? Math.min(5, Math.max(0, Math.floor(siblings))) : 1;
  for (let offset = -span; offset <= span; offset += 1) {
    const n = page + offset;
    if (n >= 1 && n <= last) wanted.add(n);
  }
  const sorted = [...wanted].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) slots.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) slots.push('gap');
    slots.push(n);
  });
  return slots;
}

export interface PaginationProps {
  readonly current: number;
  readonly total: number;
  /** The link of a page (the route keeps the page in the URL). */
  readonly hrefFor: (page: number) => string;
}

export function Pagination({ current, total, hrefFor }: PaginationProps) {
  const slots = pageSlots(current, total);
  const last = Math.max(1, Math.floor(Number.isFinite(total) ? total : 1));
  if (last <= 1) return null;
  const page = Math.min(last, Math.max(1, Math.floor(Number.isFinite(current) ? current : 1)));
  return (
    <nav aria-label="Страницы">
      <ul className={styles.list}>
        <li>
          {page > 1 ? (
            <AppLink href={hrefFor(page - 1)} className={styles.page} aria-label="Предыдущая страница">
              <ChevronLeft size={18} aria-hidden="true" />
            </AppLink>
          ) : (
            <span className={`${styles.page} ${styles.disabled}`} aria-hidden="true">
              <ChevronLeft size={18} />
            </span>
          )}
        </li>
        {slots.map((slot, index) =>
          slot === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>
              <AppLink
                href={hrefFor(slot)}
                className={styles.page}
                aria-label={`Страница ${slot}`}
                aria-current={slot === page ? 'page' : undefined}
              >
                {String(slot)}
              </AppLink>
            </li>
          ),
        )}
        <li>
          {page < last ? (
            <AppLink href={hrefFor(page + 1)} className={styles.page} aria-label="Следующая страница">
              <ChevronRight size={18} aria-hidden="true" />
            </AppLink>
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
