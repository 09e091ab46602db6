import { useActorRef, useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { kopecksOfRoubles } from '../../../shared-rules/money-rule';
import { findProducts } from '../../application/admin/orders/find-products.query';
import { formatPrice } from '../../domain/money';
import type { ProductSummary } from '../../domain/product';
import { Button } from '../components/button';
import { useUseCase } from '../shell/shop-context';
import { Notice } from './admin-ui';
import * as styles from './admin-ui.css';
import { FinderBox } from './finder-box';

export interface PickedProduct {
  readonly productId: number;
  readonly name: string;
  /** Kopecks, like the order lines it joins (the catalogue's price is whole roubles). */
  readonly unitPrice: number;
}

function isProductList(value: unknown): value is readonly ProductSummary[] {
  return Array.isArray(value);
}

/**
 * Finds products by the shop's own search (morphology, typos, layout) and adds one to an order.
 * The search runs as an admin command (find-products.query.ts), so its progress and failure are the
 * machine's.
 */
export function ProductPicker({ onPick }: { onPick: (product: PickedProduct) => void }) {
  const search = useActorRef(useUseCase(findProducts));
  const running = useSelector(search, (snapshot) => snapshot.matches('running'));
  const error = useSelector(search, (snapshot) => snapshot.context.error);
  const found = useSelector(search, (snapshot) => snapshot.context.output);
  const items = isProductList(found) ? found : null;
  return (
    <div className={styles.stackSmall}>
      <FinderBox
        label="Название или артикул товара"
        placeholder="Найти товар: диван, кресло…"
        buttonLabel={running ? 'Ищем…' : 'Найти'}
        busy={running}
        onFind={(q) =>
          search.send({ type: 'command.requested', command: { name: 'product.search', args: { q } } })
        }
      />
      {error !== null && (
        <Notice tone="error" role="alert">
          Поиск не удался. Попробуйте ещё раз.
        </Notice>
      )}
      {items !== null &&
        (items.length === 0 ? (
          <p className={styles.muted}>Ничего не нашлось.</p>
        ) : (
          <ul className={styles.dialogList} aria-label="Найденные товары">
            {items.map((product) => (
              <li key={product.id} className={styles.dialogItem}>
                <span>
                  {product.name} <span className={styles.muted}>· {formatPrice(product.price)}</span>
                </span>
                <Button
                  size="s"
                  variant="ghost"
                  disabled={product.price === null}
                  aria-label={`Добавить «${product.name}»`}
                  onClick={() =>
                    onPick({
                      productId: product.id,
                      name: product.name,
                      unitPrice: kopecksOfRoubles(product.price ?? 0),
                    })
                  }
                >
                  <Plus width={16} height={16} aria-hidden="true" /> Добавить
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
