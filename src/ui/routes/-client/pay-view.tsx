import { useEffect, useState } from 'react';
import type { Order } from '../../../application/ports/orders.port';
import { formatPrice } from '../../../domain/money';
import { Button, ButtonLink } from '../../components/button';
import { LoadingScreen } from '../../components/spinner';
import * as layout from './client.css';
import { paymentAvailability } from './order-presentation';
import { placedOrder } from './placed-orders';
import { failureMessage, failureStatus } from './port-messages';
import { useAuthView, useServices } from './shop-hooks';

export const PAY_TITLE = 'Оплата заказа';

export const PAY_MESSAGES = {
  signIn: 'Войдите в личный кабинет, чтобы оплатить заказ.',
  notFound: 'Заказ не найден. Проверьте ссылку или откройте свои заказы в личном кабинете.',
  loadFailed: 'Не удалось загрузить заказ. Обновите страницу.',
  paid: 'Этот заказ уже оплачен. Спасибо!',
  awaitingApproval:
    'Оплата станет доступна после того, как менеджер подтвердит заказ. Мы пришлём письмо со ссылкой на оплату.',
  closed: 'Этот заказ сейчас нельзя оплатить. Если есть вопросы, позвоните нам.',
  startFailed: 'Не удалось перейти к оплате. Попробуйте ещё раз.',
} as const;

type Loaded =
  | { kind: 'loading' }
  | { kind: 'ready'; order: Order }
  | { kind: 'missing' }
  | { kind: 'failed' };

/** The order to pay: the signed-in owner's copy from the server (the amount must be current). */
function useOrderToPay(orderId: number, clientId: number | null): Loaded {
  const services = useServices();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    if (clientId === null) return;
    const controller = new AbortController();
    setLoaded({ kind: 'loading' });
    services.orders
      .listByClient(clientId, { signal: controller.signal })
      .then((orders) => {
        const order = orders.find((candidate) => candidate.id === orderId);
        setLoaded(order ? { kind: 'ready', order } : { kind: 'missing' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [orderId, clientId, services]);
  return loaded;
}

/** Sends the browser to the payment provider's page (a full navigation, away from the app). */
export type LeaveFor = (url: string) => void;

const leaveForProvider: LeaveFor = (url) => window.location.assign(url);

export function PayView({ orderId, leaveFor = leaveForProvider }: { orderId: number; leaveFor?: LeaveFor }) {
  const services = useServices();
  const auth = useAuthView();
  const clientId = auth.status === 'client' ? auth.identity.clientId : null;
  const loaded = useOrderToPay(orderId, clientId);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (auth.status === 'checking') return <LoadingScreen kind="page" />;

  const body = (() => {
    if (clientId === null) {
      const remembered = placedOrder(orderId);
      return (
        <>
          {remembered && (
            <p>
              Сумма заказа: <strong>{formatPrice(remembered.total)}</strong>
            </p>
          )}
          <p className={layout.notice.info}>{PAY_MESSAGES.signIn}</p>
          <ButtonLink href={`/login?redirect=${encodeURIComponent(`/pay/${orderId}`)}`}>Войти</ButtonLink>
        </>
      );
    }
    if (loaded.kind === 'loading') return <p className={layout.muted}>Загружаем заказ…</p>;
    if (loaded.kind === 'missing') return <p className={layout.notice.warning}>{PAY_MESSAGES.notFound}</p>;
    if (loaded.kind === 'failed')
      return (
        <p className={layout.notice.error} role="alert">
          {PAY_MESSAGES.loadFailed}
        </p>
      );
    const { order } = loaded;
    const availability = paymentAvailability(order);
    const start = async () => {
      setStarting(true);
      setError(null);
      try {
        const payment = await services.payments.create(order.id);
        leaveFor(payment.confirmationUrl);
      } catch (failure) {
        setStarting(false);
        setError(
          failureStatus(failure) === 409
            ? PAY_MESSAGES.closed
            : failureMessage(failure, PAY_MESSAGES.startFailed),
        );
      }
    };
    return (
      <>
        <dl className={layout.totals}>
          {order.discount > 0 && (
            <div className={`${layout.totalsRow} ${layout.savings}`}>
              <dt>Скидка</dt>
              <dd>−{formatPrice(order.discount)}</dd>
            </div>
          )}
          <div className={layout.grandTotal}>
            <dt>К оплате</dt>
            <dd>{formatPrice(order.total)}</dd>
          </div>
        </dl>
        {availability === 'paid' && <p className={layout.notice.success}>{PAY_MESSAGES.paid}</p>}
        {availability === 'awaiting-approval' && (
          <p className={layout.notice.info}>{PAY_MESSAGES.awaitingApproval}</p>
        )}
        {availability === 'closed' && <p className={layout.notice.warning}>{PAY_MESSAGES.closed}</p>}
        {error && (
          <p className={layout.notice.error} role="alert">
            {error}
          </p>
        )}
        {availability === 'payable' && (
          <Button size="l" fullWidth onClick={start} disabled={starting}>
            {starting ? 'Переходим к оплате…' : 'Оплатить картой'}
          </Button>
        )}
        <p className={layout.muted}>
          Оплата проходит на защищённой странице платёжного сервиса; данные карты магазин не получает.
        </p>
      </>
    );
  })();

  return (
    <div className={layout.narrowPage}>
      <section className={layout.card}>
        <div className={layout.stack}>
          <h1 className={layout.title}>
            {PAY_TITLE} № {orderId}
          </h1>
          {body}
        </div>
      </section>
    </div>
  );
}
