import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { thankYou as thankYouUseCase } from '../../../application/machines/thank-you.machine';
import type { Order } from '../../../application/ports/orders.port';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { CircleCheck } from '../../components/page-icons';
import { useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';
import { isOrderPayable } from './order-presentation';
import { placedOrder } from './placed-orders';
import { useAuthView } from './shop-hooks';

export const THANK_YOU_TITLE = 'Спасибо за заказ!';

/**
 * The order to thank for: the one placed in this tab, else the signed-in owner's copy, read by the
 * thank-you machine (the view only tells it what the auth machine knows).
 */
function useThankYouOrder(orderId: number): Order | null {
  const auth = useAuthView();
  const clientId = auth.status === 'client' ? auth.identity.clientId : null;
  const thankYou = useActorRef(useUseCase(thankYouUseCase), {
    input: { orderId, placed: placedOrder(orderId) },
  });
  useEffect(() => {
    if (auth.status !== 'checking') thankYou.send({ type: 'thankYou.authKnown', clientId });
  }, [thankYou, auth.status, clientId]);
  return useSelector(thankYou, (snapshot) => snapshot.context.order);
}

export const PAYMENT_FAILED_MESSAGE =
  'Оплата не прошла: деньги не списаны. Попробуйте ещё раз или выберите другую карту.';
export const PAYMENT_DONE_MESSAGE = 'Заказ оплачен. Спасибо!';

export function ThankYouView({
  orderId,
  paymentFailed = false,
}: {
  orderId: number | null;
  paymentFailed?: boolean;
}) {
  if (orderId === null) {
    return (
      <div className={layout.page}>
        <EmptyState
          headingLevel="h1"
          title="Заказ не найден"
          text="Проверьте ссылку или откройте свои заказы в личном кабинете."
          actions={<ButtonLink href="/">На главную</ButtonLink>}
        />
      </div>
    );
  }
  return <ThankYouOrder orderId={orderId} paymentFailed={paymentFailed} />;
}

function ThankYouOrder({ orderId, paymentFailed }: { orderId: number; paymentFailed: boolean }) {
  const auth = useAuthView();
  const order = useThankYouOrder(orderId);
  const accountHref =
    auth.status === 'client' && auth.identity.clientId !== null
      ? `/orders/${auth.identity.clientId}`
      : '/login';
  const payable = order !== null && isOrderPayable(order);
  const online = order?.paymentMethod === 'online';
  // The signed link of an order placed in this tab: it opens the pay page without the temporary
  // password (issue 22, item 5); the page says when the order can be paid.
  const payLink = placedOrder(orderId)?.payLink ?? null;
  const payHref = payLink ?? (payable ? `/pay/${orderId}` : null);
  return (
    <div className={layout.narrowPage}>
      <section className={layout.card}>
        <div className={layout.stack}>
          <CircleCheck size={40} aria-hidden="true" />
          <h1 className={layout.title}>{THANK_YOU_TITLE}</h1>
          <p>
            Номер вашего заказа: <strong>№ {orderId}</strong>
          </p>
          {paymentFailed && (
            <p className={layout.notice.error} role="alert">
              {PAYMENT_FAILED_MESSAGE}
            </p>
          )}
          {!paymentFailed && order?.paid && (
            <p className={layout.notice.success} role="status">
              {PAYMENT_DONE_MESSAGE}
            </p>
          )}
          {order !== null && (
            <dl className={layout.totals}>
              {order.discount > 0 && (
                <>
                  <div className={layout.totalsRow}>
                    <dt>Сумма товаров</dt>
                    <dd>{formatKopecks(order.subtotal)}</dd>
                  </div>
                  <div className={`${layout.totalsRow} ${layout.savings}`}>
                    <dt>{order.promoCode ? `Скидка по промокоду ${order.promoCode}` : 'Скидка'}</dt>
                    <dd>−{formatKopecks(order.discount)}</dd>
                  </div>
                </>
              )}
              <div className={layout.grandTotal}>
                <dt>К оплате</dt>
                <dd>{formatKopecks(order.total)}</dd>
              </div>
            </dl>
          )}
          <h2 className={layout.subtitle}>Что дальше</h2>
          <ol className={layout.steps}>
            <li>
              Подтверждение заказа придёт на {order ? <strong>{order.contact.email}</strong> : 'вашу почту'}.
            </li>
            <li>Менеджер позвонит, чтобы уточнить наличие, доставку и удобное время.</li>
            {order?.paid ? null : online ? (
              <li>
                После подтверждения заказа оплатить его онлайн можно по кнопке «Оплатить», по ссылке из письма
                или в личном кабинете — входить для этого не нужно.
              </li>
            ) : (
              <li>Оплатить заказ можно при получении.</li>
            )}
            {auth.status !== 'client' && (
              <li>
                Если у вас ещё не было личного кабинета, мы создали его и отправили временный пароль на эту же
                почту.
              </li>
            )}
          </ol>
          <div className={layout.row}>
            {payHref !== null && !order?.paid && <ButtonLink href={payHref}>Оплатить заказ</ButtonLink>}
            <ButtonLink href={accountHref} variant={payHref !== null ? 'secondary' : 'primary'}>
              Мои заказы
            </ButtonLink>
            <ButtonLink href="/categories" variant="ghost">
              Продолжить покупки
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
