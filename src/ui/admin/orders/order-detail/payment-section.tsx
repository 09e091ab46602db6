import { useActorRef, useSelector } from '@xstate/react';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatKopecks } from '../../../../../shared-rules/money-rule';
import { applyOrderPromo } from '../../../../application/admin/orders/apply-order-promo';
import { changeOrderPaymentMethod } from '../../../../application/admin/orders/change-order-payment-method';
import { paymentMethodLabel } from '../../../../application/admin/orders/order-drafts';
import { orderPayLink, type PayLinkAnswer } from '../../../../application/admin/orders/order-pay-link';
import { PAYMENT_STATE_LABELS } from '../../../../application/ports/admin-orders.port';
import { Button } from '../../../components/button';
import { useUseCase } from '../../../shell/shop-context';
import { PAYMENT_STATE_TONES } from '../../admin-format';
import { Card, Field, Notice, StatusBadge } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FormActions } from '../../form-actions';
import { useAdminForm } from '../../use-admin-form';
import { PaymentSummaryLine } from '../order-money-view';
import type { OrderCardActor } from './order-card-actor';

function isPayLinkAnswer(value: unknown): value is PayLinkAnswer {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'url') === 'string';
}

/** The signed pay link (issue 22, item 5): read when the card opens, replaced by «Отправить заново». */
function PayLink({ orderId, origin, deleted }: { orderId: number; origin: string; deleted: boolean }) {
  const link = useActorRef(useUseCase(orderPayLink));
  const running = useSelector(link, (snapshot) => snapshot.matches('running'));
  const answer = useSelector(link, (snapshot) => snapshot.context.output);
  // A failed read keeps the plain link (the signed-in page); only a failed re-issue is reported.
  const error = useSelector(link, (snapshot) =>
    snapshot.context.command?.name === 'payLink.reissue' ? snapshot.context.error : null,
  );
  useEffect(() => {
    link.send({ type: 'command.requested', command: { name: 'payLink.read', args: { orderId } } });
  }, [link, orderId]);
  const url = isPayLinkAnswer(answer) ? answer.url : `${origin}/pay/${orderId}`;
  const mailed = isPayLinkAnswer(answer) && answer.mailed === true;
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Field label="Ссылка на оплату">
        {(control) => (
          <div className={styles.row}>
            <input
              {...control}
              className={styles.control}
              style={{ flex: 1, minWidth: '160px' }}
              readOnly
              value={url}
            />
            <Button
              size="s"
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => setCopied(true));
              }}
            >
              <Copy width={16} height={16} aria-hidden="true" /> {copied ? 'Скопировано' : 'Копировать'}
            </Button>
          </div>
        )}
      </Field>
      <div className={styles.row}>
        <Button
          size="s"
          variant="secondary"
          disabled={running || deleted}
          onClick={() => {
            setCopied(false);
            link.send({ type: 'command.requested', command: { name: 'payLink.reissue', args: { orderId } } });
          }}
        >
          Отправить ссылку на оплату заново
        </Button>
        <span className={styles.muted}>
          {mailed
            ? 'Новая ссылка отправлена клиенту; прежние больше не действуют.'
            : 'Ссылка открывает оплату без входа в личный кабинет.'}
        </span>
      </div>
      {error !== null && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
    </>
  );
}

/** «Оплата»: the payment state, paid / remaining, the method, the promo code, the pay link, a refund. */
export function PaymentSection({ card, origin }: { card: OrderCardActor; origin: string }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  const canRefund = useSelector(card, (snapshot) => snapshot.can({ type: 'refund.requested' }));
  const saved = (next: typeof order) => card.send({ type: 'order.saved', order: next });
  const paymentForm = useAdminForm(
    useUseCase(changeOrderPaymentMethod),
    { orderId: order.id, paymentMethod: order.paymentMethod },
    saved,
  );
  const promoForm = useAdminForm(
    useUseCase(applyOrderPromo),
    { orderId: order.id, promoCode: order.promoCode ?? '' },
    saved,
  );
  return (
    <Card title="Оплата">
      <div className={styles.stack}>
        <div className={styles.row}>
          <StatusBadge tone={PAYMENT_STATE_TONES[order.paymentState]}>
            {PAYMENT_STATE_LABELS[order.paymentState]}
          </StatusBadge>
          {order.payment === undefined && order.paidAmount > 0 && (
            <span className={styles.muted}>получено {formatKopecks(order.paidAmount)}</span>
          )}
          <span className={styles.muted}>
            {order.paymentAllowed ? 'оплата по ссылке разрешена' : 'оплата по ссылке закрыта'}
          </span>
        </div>
        <PaymentSummaryLine payment={order.payment} />
        {order.prepaymentAmount != null && order.status === 'awaiting_prepayment' && (
          <p className={styles.muted}>Запрошена предоплата {formatKopecks(order.prepaymentAmount)}</p>
        )}
        {canRefund && (
          <div className={styles.row}>
            <Button size="s" variant="secondary" onClick={() => card.send({ type: 'refund.requested' })}>
              Вернуть деньги
            </Button>
          </div>
        )}
        <form
          className={styles.stackSmall}
          aria-label="Способ оплаты"
          onSubmit={(event) => {
            event.preventDefault();
            paymentForm.submit();
          }}
        >
          <Field label="Способ оплаты">
            {(control) => (
              <select
                {...control}
                className={styles.control}
                value={paymentForm.draft.paymentMethod}
                onChange={(event) =>
                  paymentForm.edit({
                    paymentMethod: event.target.value === 'online' ? 'online' : 'on_delivery',
                  })
                }
              >
                <option value="online">{paymentMethodLabel('online')}</option>
                <option value="on_delivery">{paymentMethodLabel('on_delivery')}</option>
              </select>
            )}
          </Field>
          <FormActions form={paymentForm} />
        </form>
        <form
          className={styles.stackSmall}
          aria-label="Промокод"
          onSubmit={(event) => {
            event.preventDefault();
            promoForm.submit();
          }}
        >
          <Field label="Промокод" hint="Пустое поле снимает промокод; итог пересчитает сервер">
            {(control) => (
              <input
                {...control}
                className={styles.control}
                maxLength={64}
                value={promoForm.draft.promoCode}
                onChange={(event) => promoForm.edit({ promoCode: event.target.value.toUpperCase() })}
              />
            )}
          </Field>
          <FormActions form={promoForm} saveLabel="Применить" />
        </form>
        <PayLink orderId={order.id} origin={origin} deleted={order.deletedAt !== null} />
      </div>
    </Card>
  );
}
