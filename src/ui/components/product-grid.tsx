import type { ReactNode } from 'react';
import * as styles from './product-grid.css';

export interface ProductGridProps<T> {
  readonly items: readonly T[];
  readonly getKey: (item: T) => string | number;
  readonly renderItem: (item: T, index: number) => ReactNode;
  readonly 'aria-label'?: string;
}

/** A responsive list of cards: 4 columns, 3 up to 1183 px, 2 up to 768 px. */
export function ProductGrid<T>({ items, getKey, renderItem, ...aria }: ProductGridProps<T>) {
  return (
    <ul className={styles.grid} {...aria}>
      {items.map((item, index) => (
        <li key={getKey(item)}>{renderItem(item, index)}</li>
      ))}
    </ul>
  );
}
