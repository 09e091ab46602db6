import { useActorRef, useSelector } from '@xstate/react';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { kopecksOfRoubles } from '../../../shared-rules/money-rule';
import { findProductsToAdd } from '../../application/admin/products/find-products-to-add.machine';
import { formatPrice } from '../../domain/money';
import type { ProductSummary } from '../../domain/product';
import { Button } from '../components/button';
import { useUseCase } from '../shell/shop-context';
import { Notice } from './admin-ui';
import * as styles from './admin-ui.css';

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
 * The search runs as an admin command, so its progress and failure are the machine's.
 */
export function ProductPicker({
  onPick,
}: {
  onPick: (product: PickedProduct) => void;
  /**
   * Unused: the search is a use case now (find-products-to-add.machine.ts). Kept optional only until
   * the order screens stop passing their catalogue record (issue 25, the orders helper's slice).
   */
  catalogue?: unknown;
}) {
  const search = useActorRef(useUseCase(findProductsToAdd));
  const running = useSelector(search, (snapshot) => snapshot.matches('running'));
  const error = useSelector(search, (snapshot) => snapshot.context.error);
  const found = useSelector(search, (snapshot) => snapshot.context.output);
  const [q, setQ] = useState('');
  // Not a <form>: the picker sits inside the order's own form, and forms do not nest.
  const submit = () => {
    if (q.trim().length < 2) return;
    search.send({ type: 'command.requested', command: { name: 'product.search', args: { q: q.trim() } } });
  };
  const items = isProductList(found) ? found : null;
  return (
    <div className={styles.stackSmall}>
      <div className={styles.row}>
        <input
          className={styles.control}
          style={{ flex: 1, minWidth: '180px' }}
          type="search"
          aria-label="Название или артикул товара"
          placeholder="Найти товар: диван, кресло…"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
        />
        <Button size="s" variant="secondary" disabled={running || q.trim().length < 2} onClick={submit}>
          <Search width={16} height={16} aria-hidden="true" /> {running ? 'Ищем…' : 'Найти'}
        </Button>
      </div>
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
