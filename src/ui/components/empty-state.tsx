import type { ReactNode } from 'react';
import * as styles from './empty-state.css';

export interface EmptyStateProps {
  readonly title: string;
  readonly text?: string;
  readonly icon?: ReactNode;
  readonly actions?: ReactNode;
  /** The heading level: 'h1' when the empty state is the whole page. */
  readonly headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ title, text, icon, actions, headingLevel: Heading = 'h2' }: EmptyStateProps) {
  return (
    <div className={styles.root}>
      {icon && (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {text && <p className={styles.text}>{text}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
