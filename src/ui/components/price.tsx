import { discountPercent, formatPrice, isPrice } from '../../domain/money';
import { visuallyHidden } from '../theme/utilities.css';
import * as styles from './price.css';

export interface PriceProps {
  readonly price: number | null | undefined;
  readonly oldPrice?: number | null | undefined;
  readonly size?: styles.PriceSize;
  /** Show the '−N%' label next to the old price (cards, product page); the mini-cart leaves it out. */
  readonly showPercent?: boolean;
  readonly className?: string;
}

/**
 * The price, the old price struck through and the discount percent — all formatted by the domain
 * (ru-RU roubles, 'Цена не указана' when missing; percent rounded as spec §9 says). The old price
 * appears only when the domain finds a real discount, so an old price equal to or below the new one
 * is never shown as a "reduction".
 */
export function Price({ price, oldPrice, size = 'm', showPercent = true, className }: PriceProps) {
  const percent = discountPercent(oldPrice, price);
  const hasPrice = isPrice(price);
  return (
    <div className={[styles.root, className ?? ''].join(' ')}>
      <span
        className={[
          styles.size[size],
          hasPrice ? styles.current : styles.missing,
          percent !== null ? styles.currentSale : '',
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {formatPrice(price)}
      </span>
      {percent !== null && (
        <>
          <s className={[styles.old, styles.oldSize[size]].join(' ')}>
            <span className={visuallyHidden}>Старая цена: </span>
            {formatPrice(oldPrice)}
          </s>
          {showPercent && <span className={styles.percent}>−{percent}%</span>}
        </>
      )}
    </div>
  );
}
