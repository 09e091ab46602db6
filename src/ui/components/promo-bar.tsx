import { AppLink } from './app-link';
import * as styles from './promo-bar.css';

export interface PromoBarProps {
  /** Where the promo leads; the sale root ('Распродажа') by default. */
  readonly href?: string;
}

/** Spec §1: the promo bar announces discounts up to 25%. */
export function PromoBar({ href = '/category/posledniy-shans' }: PromoBarProps) {
  return (
    <aside className={styles.bar} aria-label="Акция">
      <div className={styles.inner}>
        <p>
          <span className={styles.strong}>Скидки до 25%</span> на мебель и декор для дома
        </p>
        <AppLink href={href} className={styles.link}>
          Выбрать со скидкой
        </AppLink>
      </div>
    </aside>
  );
}
