import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { DELIVERY_METHOD_LABELS, PAYMENT_STATE_LABELS } from '../../../../shared-rules/order-options-rule';
import { ORDER_STATUS_LABELS } from '../../../../shared-rules/order-status-rule';
import { clientResetTypeForTab } from '../../../application/machines/client-counters.machine';
import type { Order } from '../../../application/ports/orders.port';
import type { OwnRequest } from '../../../application/ports/requests.port';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { useShopRuntime } from '../../shell/shop-context';
import { ConsentsTab } from './account-consents';
import { RequestsTab } from './account-requests';
import * as styles from './account-view.css';
import * as layout from './client.css';
import { formatOrderDate, isOrderPayable } from './order-presentation';
import type { AccountTab } from './search-params';
import { authActorOf, clientCountersActorOf, useAuthView } from './shop-hooks';

export const ACCOUNT_TITLE = 'Личный кабинет';
export const ORDERS_LOAD_FAILED = 'Не удалось загрузить заказы. Обновите страницу.';
/** The label of a manager's note marked visible to the client, in the order card. */
export const SHOP_NOTE_LABEL = 'Сообщение магазина';

const TABS: readonly { tab: AccountTab; label: string }[] = [
  { tab: 'orders', label: 'Заказы' },
  { tab: 'requests', label: 'Заявки' },
  { tab: 'promo', label: 'Акции и промокоды' },
  { tab: 'consents', label: 'Согласия' },
];

/** Opening a tab resets its client counter (spec §2 /orders/{clientId}?tab=). */
function useResetCounterOnTab(tab: AccountTab | undefined) {
  const shop = useShopRuntime();
  useEffect(() => {
    const group = clientResetTypeForTab(tab);
    if (group !== null) clientCountersActorOf(shop).send({ type: 'counters.resetRequested', group });
  }, [shop, tab]);
}

function OrderCard({ order }: { order: Order }) {
  const payable = isOrderPayable(order);
  return (
    <li className={layout.card} aria-label={`Заказ № ${order.id}`}>
      <div className={layout.stack}>
        <div className={styles.orderHead}>
          <h3 className={layout.subtitle}>Заказ № {order.id}</h3>
          <span className={styles.status[order.status]}>{ORDER_STATUS_LABELS[order.status]}</span>
        </div>
        <p className={layout.muted}>
          от {formatOrderDate(order.createdAt)} ·{' '}
          {order.delivery.method === 'courier'
            ? `Доставка: ${order.delivery.address ?? ''}`
            : DELIVERY_METHOD_LABELS.pickup}{' '}
          ·{' '}
          {order.paid
            ? PAYMENT_STATE_LABELS.paid
            : order.paymentMethod === 'online'
              ? 'Оплата онлайн'
              : 'Оплата при получении'}
        </p>
        <ul className={styles.items}>
          {order.items.map((line) => (
            <li key={line.productId} className={styles.item}>
              <span>
                {line.name} × {line.quantity}
              </span>
              <span>{formatKopecks(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className={layout.totals}>
          {order.discount > 0 && (
            <div className={`${layout.totalsRow} ${layout.savings}`}>
              <dt>{order.promoCode ? `Скидка (${order.promoCode})` : 'Скидка'}</dt>
              <dd>−{formatKopecks(order.discount)}</dd>
            </div>
          )}
          <div className={layout.grandTotal}>
            <dt>Итого</dt>
            <dd>{formatKopecks(order.total)}</dd>
          </div>
          {order.payment !== undefined && (order.payment.paid > 0 || order.payment.refunded > 0) && (
            <div className={layout.totalsRow}>
              <dt>Оплачено {formatKopecks(order.payment.paid)}</dt>
              <dd>Осталось {formatKopecks(order.payment.remaining)}</dd>
            </div>
          )}
          {order.payment !== undefined && order.payment.refundState !== 'none' && (
            <div className={layout.totalsRow}>
              <dt>{order.payment.refundState === 'full' ? 'Возвращено' : 'Частично возвращено'}</dt>
              <dd>{formatKopecks(order.payment.refunded)}</dd>
            </div>
          )}
        </dl>
        {order.notes !== undefined && order.notes.length > 0 && (
          <ul className={styles.notes} aria-label="Сообщения магазина">
            {order.notes.map((note) => (
              <li key={note.id} className={styles.note}>
                <p className={styles.noteHead}>
                  {SHOP_NOTE_LABEL} · {formatOrderDate(note.at)}
                </p>
                <p className={styles.noteText}>{note.text}</p>
              </li>
            ))}
          </ul>
        )}
        {payable && (
          <div>
            <ButtonLink href={`/pay/${order.id}`}>Оплатить</ButtonLink>
          </div>
        )}
      </div>
    </li>
  );
}

function OrdersTab({ orders, failed }: { orders: readonly Order[]; failed: boolean }) {
  if (failed)
    return (
      <p className={layout.notice.error} role="alert">
        {ORDERS_LOAD_FAILED}
      </p>
    );
  if (orders.length === 0)
    return (
      <EmptyState
        title="Заказов пока нет"
        text="Оформленные заказы и их статусы появятся здесь."
        actions={<ButtonLink href="/categories">Перейти в каталог</ButtonLink>}
      />
    );
  return (
    <ul className={styles.orders}>
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}

function PromoTab() {
  return (
    <section className={layout.card}>
      <div className={layout.stack}>
        <h2 className={layout.subtitle}>Акции и промокоды</h2>
        <p>
          Промокод вводится при оформлении заказа, скидку по нему рассчитывает магазин. Подпишитесь на
          рассылку внизу страницы, чтобы получить промокод и узнавать об акциях первыми.
        </p>
      </div>
    </section>
  );
}

export interface AccountViewProps {
  readonly clientId: number;
  readonly tab: AccountTab | undefined;
  readonly orders: readonly Order[];
  readonly ordersFailed: boolean;
  /** Loaded only when the «Заявки» tab is open. */
  readonly requests: readonly OwnRequest[];
  readonly requestsFailed: boolean;
}

export function AccountView({
  clientId,
  tab,
  orders,
  ordersFailed,
  requests,
  requestsFailed,
}: AccountViewProps) {
  const shop = useShopRuntime();
  const auth = useAuthView();
  const navigate = useNavigate();
  useResetCounterOnTab(tab);
  const active = tab ?? 'orders';
  const logout = async () => {
    authActorOf(shop).send({ type: 'auth.logoutRequested' });
    await navigate({ to: '/' });
  };
  return (
    <div className={layout.page}>
      <div className={styles.head}>
        <h1 className={layout.title}>{ACCOUNT_TITLE}</h1>
        <Button variant="secondary" size="s" onClick={logout}>
          Выйти
        </Button>
      </div>
      {auth.tempPasswordActive && (
        <p className={layout.notice.warning}>
          Вы вошли с временным паролем.{' '}
          <Link to="/set-password" search={{ redirect: `/orders/${clientId}` }} className={layout.link}>
            Задайте постоянный пароль
          </Link>
          .
        </p>
      )}
      <nav className={styles.tabs} aria-label="Разделы кабинета">
        {TABS.map(({ tab: value, label }) => (
          <Link
            key={value}
            to="/orders/$clientId"
            params={{ clientId: String(clientId) }}
            search={{ tab: value }}
            className={styles.tab}
            aria-current={active === value ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      {active === 'orders' && <OrdersTab orders={orders} failed={ordersFailed} />}
      {active === 'requests' && (
        <RequestsTab clientId={clientId} requests={requests} failed={requestsFailed} />
      )}
      {active === 'promo' && <PromoTab />}
      {active === 'consents' && <ConsentsTab />}
    </div>
  );
}
