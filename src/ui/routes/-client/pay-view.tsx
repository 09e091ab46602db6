import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { paymentStartMachineFor } from '../../../application/machines/payment-start.machine';
import { Button, ButtonLink } from '../../components/button';
import { LoadingScreen } from '../../components/spinner';
import * as layout from './client.css';
import { placedOrder } from './placed-orders';
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
} as const;

/** Sends the browser to the payment provider's page (a full navigation, away from the app). */
export type LeaveFor = (url: string) => void;

const leaveForProvider: LeaveFor = (url) => window.location.assign(url);

/**
 * The payment page: it shows the payment-start machine's state and sends it the shopper's tap; the
 * machine reads the order and creates the payment.
 */
export function PayView({ orderId, leaveFor = leaveForProvider }: { orderId: number; leaveFor?: LeaveFor }) {
  const services = useServices();
  const auth = useAuthView();
  const clientId = auth.status === 'client' ? auth.identity.clientId : null;
  const leaveForRef = useRef(leaveFor);
  useEffect(() => {
    leaveForRef.current = leaveFor;
  });
  const machine = useMemo(
    () =>
      paymentStartMachineFor(services).provide({
        actions: { leaveFor: (_, { url }) => leaveForRef.current(url) },
      }),
    [services],
  );
  const payment = useActorRef(machine, { input: { orderId } });
  const state = useSelector(payment, (snapshot) => snapshot.value);
  const order = useSelector(payment, (snapshot) => snapshot.context.order);
  const error = useSelector(payment, (snapshot) => snapshot.context.error);
  const busy = useSelector(payment, (snapshot) => snapshot.hasTag('busy'));

  useEffect(() => {
    if (auth.status !== 'checking') payment.send({ type: 'payment.authKnown', clientId });
  }, [payment, auth.status, clientId]);

  if (state === 'waitingForAuth') return <LoadingScreen kind="page" />;

  const body = (() => {
    if (state === 'signInRequired') {
      const remembered = placedOrder(orderId);
      return (
        <>
          {remembered && (
            <p>
              Сумма заказа: <strong>{formatKopecks(remembered.total)}</strong>
            </p>
          )}
          <p className={layout.notice.info}>{PAY_MESSAGES.signIn}</p>
          <ButtonLink href={`/login?redirect=${encodeURIComponent(`/pay/${orderId}`)}`}>Войти</ButtonLink>
        </>
      );
    }
    if (state === 'loadingOrder') return <p className={layout.muted}>Загружаем заказ…</p>;
    if (state === 'missing') return <p className={layout.notice.warning}>{PAY_MESSAGES.notFound}</p>;
    if (state === 'loadFailed' || order === null)
      return (
        <p className={layout.notice.error} role="alert">
          {PAY_MESSAGES.loadFailed}
        </p>
      );
    const payable =
      state === 'ready' || state === 'startingPayment' || state === 'redirecting' || state === 'failed';
    return (
      <>
        <dl className={layout.totals}>
          {order.discount > 0 && (
            <div className={`${layout.totalsRow} ${layout.savings}`}>
              <dt>Скидка</dt>
              <dd>−{formatKopecks(order.discount)}</dd>
            </div>
          )}
          <div className={layout.grandTotal}>
            <dt>К оплате</dt>
            <dd>{formatKopecks(order.total)}</dd>
          </div>
        </dl>
        {state === 'alreadyPaid' && <p className={layout.notice.success}>{PAY_MESSAGES.paid}</p>}
        {state === 'awaitingApproval' && (
          <p className={layout.notice.info}>{PAY_MESSAGES.awaitingApproval}</p>
        )}
        {state === 'notPayable' && <p className={layout.notice.warning}>{PAY_MESSAGES.closed}</p>}
        {state === 'failed' && error !== null && (
          <p className={layout.notice.error} role="alert">
            {error}
          </p>
        )}
        {payable && (
          <Button
            size="l"
            fullWidth
            onClick={() => payment.send({ type: 'payment.startRequested' })}
            disabled={busy}
          >
            {busy ? 'Переходим к оплате…' : 'Оплатить картой'}
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
