import { Link } from '@tanstack/react-router';
import { AlarmClock, CreditCard, MessagesSquare, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatKopecks } from '../../../shared-rules/money-rule';
import type { DashboardFigures } from '../../application/admin/dashboard/read-dashboard.query';
import { formatListDate, ORDER_STATUS_TONES } from './admin-format';
import { Card, EmptyPanel, StatusBadge } from './admin-ui';
import * as styles from './admin-ui.css';
import { PageHeader } from './page-header';

function Tile({
  value,
  label,
  icon,
  accent,
  link,
}: {
  value: number;
  label: string;
  icon: ReactNode;
  accent: keyof typeof styles.tileAccent;
  link: ReactNode;
}) {
  return (
    <div className={`${styles.tile} ${styles.tileAccent[accent]}`}>
      <span className={styles.rowBetween}>
        <span className={styles.tileValue}>{value}</span>
        <span aria-hidden="true">{icon}</span>
      </span>
      <span className={styles.tileLabel}>{label}</span>
      {link}
    </div>
  );
}

/** The index: what needs attention today, each figure a link to the list it counts. */
export function DashboardView({ figures, today }: { figures: DashboardFigures; today: string }) {
  return (
    <>
      <PageHeader title="Главная" subtitle={`Сводка на ${today}`} />
      <div className={styles.tiles}>
        <Tile
          value={figures.newOrders}
          label="Новые заказы"
          icon={<ShoppingBag width={22} height={22} />}
          accent="accent"
          link={
            <Link to="/admin/orders" search={{ status: ['new'] }} className={styles.link}>
              Открыть новые
            </Link>
          }
        />
        <Tile
          value={figures.awaitingPayment}
          label="Ждут оплаты"
          icon={<CreditCard width={22} height={22} />}
          accent="warning"
          link={
            <Link to="/admin/orders" search={{ payment: 'awaiting' }} className={styles.link}>
              Открыть список
            </Link>
          }
        />
        <Tile
          value={figures.overdue}
          label="Просроченные"
          icon={<AlarmClock width={22} height={22} />}
          accent="danger"
          link={
            <Link to="/admin/orders" search={{ overdue: true }} className={styles.link}>
              Разобрать
            </Link>
          }
        />
        <Tile
          value={figures.requestsWaiting}
          label="Заявки ждут ответа"
          icon={<MessagesSquare width={22} height={22} />}
          accent="info"
          link={
            <Link to="/admin/client-requests" search={{ waiting: true }} className={styles.link}>
              Ответить
            </Link>
          }
        />
      </div>
      <Card
        title="Последние заказы"
        actions={
          <Link to="/admin/orders" className={styles.link}>
            Все заказы
          </Link>
        }
      >
        {figures.latest.length === 0 ? (
          <EmptyPanel title="Заказов пока нет" />
        ) : (
          <ul className={styles.dialogList}>
            {figures.latest.map((order) => (
              <li key={order.id} className={styles.dialogItem}>
                <Link
                  to="/admin/orders/$orderId"
                  params={{ orderId: String(order.id) }}
                  className={styles.link}
                >
                  № {order.id}
                </Link>
                <span className={styles.hideOnMobile}>{order.contact.name}</span>
                <span className={styles.muted}>{formatListDate(order.createdAt)}</span>
                <StatusBadge tone={ORDER_STATUS_TONES[order.status]}>{order.statusLabel}</StatusBadge>
                <span className={styles.mono}>{formatKopecks(order.total)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
