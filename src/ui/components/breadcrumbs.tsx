import type { Crumb } from '../../domain/crumbs';
import { AppLink } from './app-link';
import * as styles from './breadcrumbs.css';
import { ChevronRight } from './icons';

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Хлебные крошки">
      <ol className={styles.list}>
        {items.map((crumb, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={`${crumb.href ?? 'current'}|${crumb.label}`} className={styles.item}>
              {crumb.href !== undefined && !isLast ? (
                <AppLink href={crumb.href} className={styles.link}>
                  {crumb.label}
                </AppLink>
              ) : (
                <span className={styles.current} aria-current={isLast ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
              {!isLast && <ChevronRight size={14} aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
