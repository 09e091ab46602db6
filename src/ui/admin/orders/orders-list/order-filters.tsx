import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { DELIVERY_METHOD_LABELS } from '../../../../../shared-rules/order-options-rule';
import { activeFilterCount, type OrderListSearch } from '../../../../application/admin/order-list-search';
import {
  ADMIN_ORDER_STATUS_LABELS,
  ADMIN_ORDER_STATUSES,
  isAdminOrderStatus,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
} from '../../../../application/ports/admin-orders.port';
import { Button, buttonClassName } from '../../../components/button';
import { Field } from '../../admin-ui';
import * as styles from '../../admin-ui.css';

/** The list's own address: every filter, view, sort and page is a search parameter of it. */
export const ORDERS_LIST = '/admin/orders';

/** Search, status, payment, delivery, dates, promo code and «только просроченные»; each lives in the URL. */
export function OrderFilters({ search }: { search: OrderListSearch }) {
  const navigate = useNavigate();
  const go = (next: OrderListSearch) =>
    void navigate({ to: ORDERS_LIST, search: { ...next, page: undefined } });
  const [q, setQ] = useState(search.q ?? '');
  const [promo, setPromo] = useState(search.promo ?? '');
  // A navigation (a view, the back button) brings its own text.
  useEffect(() => setQ(search.q ?? ''), [search.q]);
  useEffect(() => setPromo(search.promo ?? ''), [search.promo]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...search, q: q.trim() || undefined, promo: promo.trim() || undefined });
  };
  const status = search.status?.length === 1 ? search.status[0] : '';
  const count = activeFilterCount(search);
  // Phones show the search alone until «Фильтры» is opened (a view detail, not shop state).
  const [expanded, setExpanded] = useState(false);
  return (
    <form
      className={styles.filterBar}
      onSubmit={submit}
      aria-label="Фильтры заказов"
      data-expanded={expanded}
    >
      <Field label="Поиск" className={styles.filterSearch}>
        {(control) => (
          <input
            {...control}
            type="search"
            className={styles.control}
            placeholder="Номер, имя, e-mail или телефон"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        )}
      </Field>
      <button
        type="button"
        className={`${styles.chip} ${styles.filterToggle}`}
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        Фильтры{count > 0 ? ` (${count})` : ''}
      </button>
      <div className={styles.filterMore}>
        <Field label="Статус">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={status}
              onChange={(event) => {
                const value = event.target.value;
                go({ ...search, status: isAdminOrderStatus(value) ? [value] : undefined });
              }}
            >
              <option value="">{(search.status?.length ?? 0) > 1 ? 'Несколько' : 'Все статусы'}</option>
              {ADMIN_ORDER_STATUSES.map((each) => (
                <option key={each} value={each}>
                  {ADMIN_ORDER_STATUS_LABELS[each]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Оплата">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.payment ?? ''}
              onChange={(event) => {
                const value = PAYMENT_STATES.find((each) => each === event.target.value);
                go({ ...search, payment: value });
              }}
            >
              <option value="">Любая</option>
              {PAYMENT_STATES.map((each) => (
                <option key={each} value={each}>
                  {PAYMENT_STATE_LABELS[each]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Доставка">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.delivery ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                go({ ...search, delivery: value === 'courier' || value === 'pickup' ? value : undefined });
              }}
            >
              <option value="">Любая</option>
              <option value="courier">{DELIVERY_METHOD_LABELS.courier}</option>
              <option value="pickup">{DELIVERY_METHOD_LABELS.pickup}</option>
            </select>
          )}
        </Field>
        <Field label="С даты">
          {(control) => (
            <input
              {...control}
              type="date"
              className={styles.control}
              value={search.from ?? ''}
              onChange={(event) => go({ ...search, from: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="По дату">
          {(control) => (
            <input
              {...control}
              type="date"
              className={styles.control}
              value={search.to ?? ''}
              onChange={(event) => go({ ...search, to: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="Промокод">
          {(control) => (
            <input
              {...control}
              className={styles.control}
              value={promo}
              onChange={(event) => setPromo(event.target.value)}
            />
          )}
        </Field>
        <label className={styles.checkboxLabel}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={search.overdue === true}
            onChange={(event) => go({ ...search, overdue: event.target.checked ? true : undefined })}
          />
          Только просроченные
        </label>
      </div>
      <div className={styles.row}>
        <Button type="submit" size="s">
          Найти
        </Button>
        {count > 0 && (
          <Link to={ORDERS_LIST} search={{}} className={buttonClassName({ variant: 'ghost', size: 's' })}>
            Сбросить ({count})
          </Link>
        )}
      </div>
    </form>
  );
}
