import { Link } from '@tanstack/react-router';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS } from '../../../../shared-rules/request-labels-rule';
import type { AdminClientDetail } from '../../../application/ports/admin-clients.port';
import { formatDateTime, REQUEST_STATUS_TONES } from '../admin-format';
import { Card, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';

/** What the client has bought: paid or delivered orders, not cancelled (docs/money.md «A client's totals»). */
export function ClientTotalsCard({ client }: { client: AdminClientDetail }) {
  const { totals } = client;
  return (
    <Card title="Итоги">
      <dl className={styles.definitionList}>
        <dt>Заказов всего</dt>
        <dd>{client.ordersCount}</dd>
        <dt>Оплачено или доставлено</dt>
        <dd>{totals.orders}</dd>
        <dt>Потрачено</dt>
        <dd className={styles.mono}>{formatKopecks(totals.spent)}</dd>
        <dt>Средний чек</dt>
        <dd className={styles.mono}>
          {totals.averageCheque === null ? '—' : formatKopecks(totals.averageCheque)}
        </dd>
      </dl>
    </Card>
  );
}

export function ClientOrdersCard({ client }: { client: AdminClientDetail }) {
  return (
    <Card title={`Заказы (${client.orders.length})`}>
      {client.orders.length === 0 ? (
        <p className={styles.muted}>Заказов пока нет.</p>
      ) : (
        <ul className={styles.dialogList}>
          {client.orders.map((order) => (
            <li key={order.id} className={styles.dialogItem}>
              <Link
                to="/admin/orders/$orderId"
                params={{ orderId: String(order.id) }}
                className={styles.link}
              >
                № {order.id}
              </Link>
              <span className={styles.muted}>{formatDateTime(order.createdAt)}</span>
              <StatusBadge tone="neutral">{order.statusLabel}</StatusBadge>
              <span className={styles.mono}>{formatKopecks(order.total)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ClientRequestsCard({ client }: { client: AdminClientDetail }) {
  return (
    <Card title={`Заявки (${client.requests.length})`}>
      {client.requests.length === 0 ? (
        <p className={styles.muted}>Заявок нет.</p>
      ) : (
        <ul className={styles.dialogList}>
          {client.requests.map((request) => (
            <li key={request.id} className={styles.dialogItem}>
              <Link
                to="/admin/client-requests/$requestId"
                params={{ requestId: String(request.id) }}
                className={styles.link}
              >
                {request.subject || `Заявка № ${request.id}`}
              </Link>
              <span className={styles.muted}>{REQUEST_KIND_LABELS[request.kind]}</span>
              <StatusBadge tone={REQUEST_STATUS_TONES[request.status]}>
                {REQUEST_STATUS_LABELS[request.status]}
              </StatusBadge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The client's cart as it is now (what they are about to buy), at today's prices. */
export function ClientCartCard({ client }: { client: AdminClientDetail }) {
  const total = client.cart.reduce((sum, line) => sum + line.lineTotal, 0);
  return (
    <Card title={`Корзина (${client.cart.length})`}>
      {client.cart.length === 0 ? (
        <p className={styles.muted}>Корзина пуста.</p>
      ) : (
        <>
          <ul className={styles.dialogList}>
            {client.cart.map((line) => (
              <li key={line.productId} className={styles.dialogItem}>
                <a href={`/product/${line.slug}`} className={styles.link} target="_blank" rel="noopener">
                  {line.name}
                </a>
                <span className={styles.muted}>× {line.quantity}</span>
                <span className={styles.mono}>{formatKopecks(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <p className={styles.strong} style={{ marginTop: '12px' }}>
            Итого в корзине: <span className={styles.mono}>{formatKopecks(total)}</span>
          </p>
        </>
      )}
    </Card>
  );
}

export function ClientFavouritesCard({ client }: { client: AdminClientDetail }) {
  return (
    <Card title={`Избранное (${client.favourites.length})`}>
      {client.favourites.length === 0 ? (
        <p className={styles.muted}>Пусто.</p>
      ) : (
        <ul className={styles.dialogList}>
          {client.favourites.map((favourite) => (
            <li key={favourite.productId} className={styles.dialogItem}>
              <a href={`/product/${favourite.slug}`} className={styles.link} target="_blank" rel="noopener">
                {favourite.name}
              </a>
              <span className={styles.muted}>{formatDateTime(favourite.addedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What the account is: sessions, password, subscription. */
export function ClientAccountCard({ client }: { client: AdminClientDetail }) {
  return (
    <Card title="Аккаунт">
      <dl className={styles.definitionList}>
        <dt>Последний визит</dt>
        <dd>{formatDateTime(client.lastSeenAt)}</dd>
        <dt>Активных сеансов</dt>
        <dd>{client.sessionsCount}</dd>
        <dt>Пароль</dt>
        <dd>{client.mustChangePassword ? 'временный, ещё не сменён' : 'свой'}</dd>
        <dt>Подписка</dt>
        <dd>{client.subscription === null ? 'нет' : `с ${formatDateTime(client.subscription.since)}`}</dd>
      </dl>
    </Card>
  );
}
