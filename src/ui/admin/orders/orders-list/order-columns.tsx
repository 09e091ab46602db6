import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { formatKopecks } from '../../../../../shared-rules/money-rule';
import {
  DELIVERY_METHOD_LABELS,
  PAYMENT_METHOD_LABELS,
} from '../../../../../shared-rules/order-options-rule';
import { type AdminOrder, PAYMENT_STATE_LABELS } from '../../../../application/ports/admin-orders.port';
import { formatDay, formatListDate, ORDER_STATUS_TONES, PAYMENT_STATE_TONES } from '../../admin-format';
import { StatusBadge } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { phoneText } from '../../phone-text';

/** The orders table's columns: number (a link to the card), date, client, e-mail, sum, status, payment, delivery. */
export const ORDER_COLUMNS: readonly ColumnDef<AdminOrder>[] = [
  {
    id: 'number',
    header: '№',
    cell: ({ row }) => (
      <Link to="/admin/orders/$orderId" params={{ orderId: String(row.original.id) }} className={styles.link}>
        {row.original.id}
      </Link>
    ),
  },
  {
    id: 'date',
    header: 'Дата',
    meta: { sortKey: 'createdAt', hideOnMobile: true },
    cell: ({ row }) => <span className={styles.nowrap}>{formatListDate(row.original.createdAt)}</span>,
  },
  {
    id: 'client',
    header: 'Клиент',
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span className={styles.strong}>{row.original.contact.name}</span>
        <span className={`${styles.muted} ${styles.nowrap}`}>{phoneText(row.original.contact.phone)}</span>
      </div>
    ),
  },
  {
    id: 'email',
    header: 'E-mail',
    meta: { hideOnMobile: true },
    cell: ({ row }) => <span className={styles.muted}>{row.original.contact.email}</span>,
  },
  {
    id: 'total',
    header: 'Сумма',
    meta: { numeric: true, sortKey: 'total' },
    cell: ({ row }) => formatKopecks(row.original.total),
  },
  {
    id: 'status',
    header: 'Статус',
    meta: { sortKey: 'status' },
    cell: ({ row }) => (
      <div className={styles.row}>
        <StatusBadge tone={ORDER_STATUS_TONES[row.original.status]}>{row.original.statusLabel}</StatusBadge>
        {row.original.overdue && <StatusBadge tone="danger">Просрочен</StatusBadge>}
        {row.original.deletedAt !== null && <StatusBadge tone="muted">В корзине</StatusBadge>}
      </div>
    ),
  },
  {
    id: 'payment',
    header: 'Оплата',
    meta: { hideOnMobile: true },
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <StatusBadge tone={PAYMENT_STATE_TONES[row.original.paymentState]}>
          {PAYMENT_STATE_LABELS[row.original.paymentState]}
        </StatusBadge>
        <span className={styles.muted}>{PAYMENT_METHOD_LABELS[row.original.paymentMethod]}</span>
      </div>
    ),
  },
  {
    id: 'delivery',
    header: 'Доставка',
    meta: { hideOnMobile: true },
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span>{DELIVERY_METHOD_LABELS[row.original.delivery.method]}</span>
        {row.original.deliveryDetails.date !== null && (
          <span className={styles.muted}>
            {formatDay(row.original.deliveryDetails.date)}
            {row.original.deliveryDetails.timeSlot ? `, ${row.original.deliveryDetails.timeSlot}` : ''}
          </span>
        )}
      </div>
    ),
  },
];
