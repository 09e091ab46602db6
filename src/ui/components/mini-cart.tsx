import { Minus, Plus, X } from 'lucide-react';
import { type Cart, type CartItem, cartTotals } from '../../domain/cart';
import { formatPrice, isPrice } from '../../domain/money';
import { mainImage, productHref } from '../../domain/product-presentation';
import { cutName, MINI_CART_ITEMS, MINI_CART_NAME_LIMIT, panelOverflow } from '../../domain/text-cut';
import { visuallyHidden } from '../theme/utilities.css';
import { AppLink } from './app-link';
import { ButtonLink } from './button';
import { IconButton } from './icon-button';
import * as styles from './mini-panel.css';

/** The name a line shows when its product data never arrived (only the id is known). */
export function fallbackName(item: Pick<CartItem, 'id' | 'name'>): string {
  const name = typeof item.name === 'string' ? item.name.trim() : '';
  return name === '' ? `Товар № ${item.id}` : name;
}

export function lineHref(item: Pick<CartItem, 'slug'>): string {
  return typeof item.slug === 'string' && item.slug.trim() !== ''
    ? productHref({ slug: item.slug })
    : '/cart';
}

export interface MiniCartProps {
  readonly items: Cart;
  readonly onIncrease: (id: number) => void;
  /** Spec §4: decreasing below 1 removes the line — the machine does that. */
  readonly onDecrease: (id: number) => void;
  readonly onRemove: (id: number) => void;
}

/** The header's hover mini-cart (spec §9: 5 lines, names cut at 25 characters, '+N товаров...'). */
export function MiniCart({ items, onIncrease, onDecrease, onRemove }: MiniCartProps) {
  const { shown, label } = panelOverflow(items.length, MINI_CART_ITEMS);
  const totals = cartTotals(items);
  return (
    <section className={styles.panel} aria-label="Корзина">
      <h2 className={styles.title}>Корзина</h2>
      {items.length === 0 ? (
        <p className={styles.empty}>Корзина пуста</p>
      ) : (
        <>
          <ul className={styles.list}>
            {items.slice(0, shown).map((item) => {
              const name = fallbackName(item);
              return (
                <li key={item.id} className={styles.item}>
                  <img
                    className={styles.thumb}
                    src={mainImage({ tovar_pic1_url_site: item.tovar_pic1_url_site ?? null })}
                    width={56}
                    height={56}
                    alt=""
                    loading="lazy"
                  />
                  <div className={styles.info}>
                    <AppLink href={lineHref(item)} className={styles.name}>
                      {cutName(name, MINI_CART_NAME_LIMIT)}
                    </AppLink>
                    <span className={isPrice(item.price) ? styles.price : styles.priceMissing}>
                      {formatPrice(item.price)}
                    </span>
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
                  </div>
                  <IconButton
                    aria-label={`Удалить из корзины: ${name}`}
                    icon={<X size={16} aria-hidden="true" />}
                    onClick={() => onRemove(item.id)}
                  />
                </li>
              );
            })}
          </ul>
          {label !== null && <p className={styles.more}>{label}</p>}
          <p className={styles.total}>
            <span>Итого</span>
            <span>{formatPrice(totals.withDiscount)}</span>
          </p>
          <div className={styles.actions}>
            <ButtonLink href="/checkout" fullWidth>
              Оформить заказ
            </ButtonLink>
            <ButtonLink href="/cart" variant="secondary" fullWidth>
              Перейти в корзину
            </ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
