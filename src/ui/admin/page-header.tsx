import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { PageHead } from '../routes/-components/page-head';
import * as styles from './page-header.css';

interface AdminCrumb {
  readonly label: string;
  readonly to: string;
}

export interface PageHeaderProps {
  readonly title: string;
  readonly subtitle?: ReactNode;
  /** The way back up (e.g. Заказы › for an order). */
  readonly crumbs?: readonly AdminCrumb[];
  /** Buttons on the right (on phones: under the title). */
  readonly actions?: ReactNode;
}

/** An admin page's heading: the document title too («… — панель управления»), never indexed. */
export function PageHeader({ title, subtitle, crumbs = [], actions }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <PageHead
        title={`${title} — панель управления`}
        description={title}
        path="/admin"
        robots="noindex,nofollow"
      />
      <div className={styles.titles}>
        {crumbs.length > 0 && (
          <nav aria-label="Путь" className={styles.crumbs}>
            {crumbs.map((crumb) => (
              <Fragment key={crumb.to}>
                <Link to={crumb.to} className={styles.crumbLink}>
                  {crumb.label}
                </Link>
                <span aria-hidden="true">›</span>
              </Fragment>
            ))}
          </nav>
        )}
        <h1 className={styles.title}>{title}</h1>
        {subtitle !== undefined && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
