import { type Cart, cartTotals } from '../../domain/cart';
import { formatPrice } from '../../domain/money';
import { MINI_CART_ITEMS, MINI_CART_NAME_LIMIT } from '../../domain/text-cut';
import { visuallyHidden } from '../theme/utilities.css';
import { ButtonLink } from './button';
import { IconButton } from './icon-button';
import { MiniPanel } from './mini-panel';
import * as styles from './mini-panel.css';
import { Minus, Plus } from './page-icons';

export interface MiniCartProps {
  readonly items: Cart;
  readonly onIncrease: (id: number) => void;
  /** Spec §4: decreasing below 1 removes the line — the machine does that. */
  readonly onDecrease: (id: number) => void;
  readonly onRemove: (id: number) => void;
}

/** The header's hover mini-cart (spec §9: 5 lines, names cut at 25 characters, '+N товаров...'). */
export function MiniCart({ items, onIncrease, onDecrease, onRemove }: MiniCartProps) {
  const totals = cartTotals(items);
  return (
    <MiniPanel
      title="Корзина"
      emptyText="Корзина пуста"
      items={items}
      shownLimit={MINI_CART_ITEMS}
      nameLimit={MINI_CART_NAME_LIMIT}
      removeLabel={(name) => `Удалить из корзины: ${name}`}
      onRemove={onRemove}
      lineControls={(item, name) => (
        <div className={styles.quantity}>
          <IconButton
            size="xs"
            aria-label={`Уменьшить количество: ${name}`}
            icon={<Minus size={14} aria-hidden="true" />}
            onClick={() => onDecrease(item.id)}
          />
          <span className={styles.quantityValue}>
            <span className={visuallyHidden}>Количество: </span>
            {item.quantity}
          </span>
          <IconButton
            size="xs"
            aria-label={`Увеличить количество: ${name}`}
            icon={<Plus size={14} aria-hidden="true" />}
            onClick={() => onIncrease(item.id)}
          />
        </div>
      )}
      summary={
        <p className={styles.total}>
          <span>Итого</span>
          <span>{formatPrice(totals.withDiscount)}</span>
        </p>
      }
      actions={
        <>
          <ButtonLink href="/checkout" fullWidth>
            Оформить заказ
          </ButtonLink>
          <ButtonLink href="/cart" variant="secondary" fullWidth>
            Перейти в корзину
          </ButtonLink>
        </>
      }
    />
  );
}
