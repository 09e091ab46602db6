import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DELIVERY_METHOD_LABELS } from '../../../../../shared-rules/order-options-rule';
import { activeFilterCount, type OrderListSearch } from '../../../../application/admin/order-list-search';
import {
  ADMIN_ORDER_STATUS_LABELS,
  ADMIN_ORDER_STATUSES,
  isAdminOrderStatus,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
} from '../../../../application/ports/admin-orders.port';
import { Field } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { DateRangeFields, ListFilterFrame } from '../../list-filter-frame';

/** The list's own address: every filter, view, sort and page is a search parameter of it. */
export const ORDERS_LIST = '/admin/orders';

/** Search, status, payment, delivery, dates, promo code and «только просроченные»; each lives in the URL. */
export function OrderFilters({ search }: { search: OrderListSearch }) {
  const navigate = useNavigate();
  const go = (next: OrderListSearch) =>
    void navigate({ to: ORDERS_LIST, search: { ...next, page: undefined } });
  // The promo code, like the search, is typed out and applied by «Найти».
  const [promo, setPromo] = useState(search.promo ?? '');
  useEffect(() => setPromo(search.promo ?? ''), [search.promo]);
  const status = search.status?.length === 1 ? search.status[0] : '';
  return (
    <ListFilterFrame
      list={ORDERS_LIST}
      label="Фильтры заказов"
      placeholder="Номер, имя, e-mail или телефон"
      q={search.q}
      count={activeFilterCount(search)}
      onSearch={(q) => go({ ...search, q, promo: promo.trim() || undefined })}
    >
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
      <DateRangeFields from={search.from} to={search.to} onChange={(range) => go({ ...search, ...range })} />
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
    </ListFilterFrame>
  );
}
