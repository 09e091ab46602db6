import { Link } from '@tanstack/react-router';
import { Save, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  filtersOf,
  type OrderListSearch,
  sameFilters,
} from '../../../../application/admin/order-list-search';
import { savedOrderViews } from '../../../../application/admin/orders/saved-order-views';
import { BUILT_IN_ORDER_VIEWS, type SavedView } from '../../../../application/admin/saved-views';
import { Button } from '../../../components/button';
import { useUseCase } from '../../../shell/shop-context';
import * as styles from '../../admin-ui.css';

import { ORDERS_LIST } from './order-filters';

/**
 * The built-in and the manager's own views of the list. A personal view's «удалить» sits beside its
 * link, not inside it (a button inside a link is two controls in one).
 */
export function ViewsBar({ search }: { search: OrderListSearch }) {
  const saved = useUseCase(savedOrderViews);
  const [personal, setPersonal] = useState<readonly SavedView[]>(() => saved.read());
  const [naming, setNaming] = useState<string | null>(null);
  const views = [...BUILT_IN_ORDER_VIEWS, ...personal];
  const current = views.find((view) => sameFilters(view.filters, search));
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (naming === null || naming.trim() === '') return;
    setPersonal(saved.save(naming, filtersOf(search), Date.now()));
    setNaming(null);
  };
  return (
    <nav className={styles.chips} aria-label="Виды списка">
      {views.map((view) => (
        <span key={view.id} className={styles.row}>
          <Link
            to={ORDERS_LIST}
            search={view.filters}
            className={styles.chip}
            // The router marks the view whose filters are exactly the page's (aria-current="page").
            activeOptions={{ exact: true, includeSearch: true }}
          >
            {view.name}
          </Link>
          {!view.builtIn && (
            <button
              type="button"
              className={styles.chipRemove}
              aria-label={`Удалить вид «${view.name}»`}
              onClick={() => setPersonal(saved.remove(view.id))}
            >
              <X width={14} height={14} aria-hidden="true" />
            </button>
          )}
        </span>
      ))}
      {current === undefined &&
        (naming === null ? (
          <button type="button" className={styles.chip} onClick={() => setNaming('')}>
            <Save width={14} height={14} aria-hidden="true" /> Сохранить вид
          </button>
        ) : (
          <form className={styles.row} onSubmit={save}>
            <input
              className={styles.control}
              aria-label="Название вида"
              placeholder="Название вида"
              maxLength={40}
              value={naming}
              onChange={(event) => setNaming(event.target.value)}
            />
            <Button size="s" type="submit" disabled={naming.trim() === ''}>
              Сохранить
            </Button>
            <Button size="s" variant="ghost" onClick={() => setNaming(null)}>
              Отмена
            </Button>
          </form>
        ))}
    </nav>
  );
}
