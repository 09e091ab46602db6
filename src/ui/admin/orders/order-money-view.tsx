import { useSelector } from '@xstate/react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { ORDER_ACTION_LABELS } from '../../../../shared-rules/order-status-rule';
import { prepaymentCheck, refundCheck } from '../../../application/admin/orders/order-money-drafts';
import { refundOrder } from '../../../application/admin/orders/refund-order';
import { requestPrepayment } from '../../../application/admin/orders/request-prepayment';
import type { AdminOrderDetail, OrderPaymentSummary } from '../../../application/ports/admin-orders.port';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { useUseCase } from '../../shell/shop-context';
import { Field, Notice, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { FormActions } from '../form-actions';
import { useAdminForm } from '../use-admin-form';
import type { OrderCardActor } from './order-detail/order-card-actor';

/** «Оплачено N ₽ · Осталось M ₽», and what went back (issue 22). */
export function PaymentSummaryLine({ payment }: { payment: OrderPaymentSummary | undefined }) {
  if (payment === undefined) return null;
  return (
    <div className={styles.row}>
      <span>
        Оплачено {formatKopecks(payment.paid)} · Осталось {formatKopecks(payment.remaining)}
      </span>
      {payment.refundState === 'partial' && (
        <StatusBadge tone="warning">Частично возвращено: {formatKopecks(payment.refunded)}</StatusBadge>
      )}
      {payment.refundState === 'full' && (
        <StatusBadge tone="neutral">Возвращено: {formatKopecks(payment.refunded)}</StatusBadge>
      )}
    </div>
  );
}

/**
 * Statuses in which the goods were handed over (or the order is void): a refund there leaves the
 * goods as they are. Before them a refunded line leaves the order (docs/money.md, «Refunds before the
 * handover»).
 */
const GOODS_STAY: readonly string[] = ['delivered', 'completed', 'claim', 'cancelled'];

interface DialogProps {
  readonly order: AdminOrderDetail;
  /** The command's answer: the saved order. */
  readonly onDone: (saved: AdminOrderDetail) => void;
  readonly onClose: () => void;
}

/** «Запросить предоплату»: a percent of the total or a sum, at most what is left to pay. */
function PrepaymentDialog({ order, onDone, onClose }: DialogProps) {
  const total = order.total;
  const left = order.payment?.remaining ?? 0;
  const form = useAdminForm(
    useUseCase(requestPrepayment),
    { orderId: order.id, total, left, mode: 'percent', value: '' },
    onDone,
  );
  const checked = prepaymentCheck(form.draft, total, left);
  const busy = form.status === 'saving';
  return (
    <Modal
      title={ORDER_ACTION_LABELS.awaiting_prepayment}
      onClose={onClose}
      closeDisabled={busy}
      name="order-prepayment"
    >
      <form
        className={styles.stack}
        aria-label="Предоплата"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <p className={styles.muted}>
          Заказ на {formatKopecks(total)}, не оплачено {formatKopecks(left)}. Клиент получит письмо со ссылкой
          на оплату.
        </p>
        <Field label="Как задать">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              disabled={busy}
              value={form.draft.mode}
              onChange={(event) => form.edit({ mode: event.target.value === 'sum' ? 'sum' : 'percent' })}
            >
              <option value="percent">Процент от суммы заказа</option>
              <option value="sum">Сумма в рублях</option>
            </select>
          )}
        </Field>
        <Field
          label={form.draft.mode === 'percent' ? 'Процент' : 'Сумма, ₽'}
          hint={form.draft.mode === 'percent' ? 'например, 30' : 'например, 15 000'}
          error={(form.showErrors || form.draft.value !== '') && !checked.ok ? checked.error : undefined}
        >
          {(control) => (
            <input
              {...control}
              className={styles.control}
              inputMode="decimal"
              readOnly={busy}
              value={form.draft.value}
              onChange={(event) => form.edit({ value: event.target.value })}
              autoComplete="off"
            />
          )}
        </Field>
        {checked.ok && <p>Клиент оплатит {formatKopecks(checked.amount)}.</p>}
        <FormActions form={form} saveLabel={ORDER_ACTION_LABELS.awaiting_prepayment} />
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Закрыть
        </Button>
      </form>
    </Modal>
  );
}

/** A partial refund: chosen lines and units, or an amount; never above what was paid. */
function RefundDialog({ order, onDone, onClose }: DialogProps) {
  const refundable = order.payment?.paid ?? 0;
  const form = useAdminForm(
    useUseCase(refundOrder),
    {
      orderId: order.id,
      lines: order.items.map((line) => ({ quantity: line.quantity })),
      refundable,
      mode: 'lines',
      quantities: {},
      amount: '',
      reason: '',
    },
    onDone,
  );
  const checked = refundCheck(form.draft, order.items, refundable);
  const busy = form.status === 'saving';
  return (
    <Modal title="Вернуть деньги" onClose={onClose} closeDisabled={busy} name="order-refund">
      <form
        className={styles.stack}
        aria-label="Возврат"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <p className={styles.muted}>
          Можно вернуть до {formatKopecks(refundable)}. Деньги уйдут на карту клиента, чек возврата — на его
          почту.
        </p>
        {!GOODS_STAY.includes(order.status) && (
          <p className={styles.muted}>
            Заказ ещё не доставлен: возвращённые позиции уйдут из заказа, его сумма уменьшится, товар вернётся
            на склад. Возврат суммой возвращает только деньги — товары останутся в заказе, остаток клиент
            оплатит при получении.
          </p>
        )}
        <Field label="Что вернуть">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              disabled={busy}
              value={form.draft.mode}
              onChange={(event) => form.edit({ mode: event.target.value === 'amount' ? 'amount' : 'lines' })}
            >
              <option value="lines">Позиции заказа</option>
              <option value="amount">Сумму</option>
            </select>
          )}
        </Field>
        {form.draft.mode === 'lines' ? (
          order.items.map((line, index) => (
            <Field key={line.productId} label={`${line.name} (в заказе ${line.quantity} шт.)`}>
              {(control) => (
                <input
                  {...control}
                  className={styles.control}
                  inputMode="numeric"
                  placeholder="0"
                  readOnly={busy}
                  value={form.draft.quantities[index] ?? ''}
                  onChange={(event) =>
                    form.edit({ quantities: { ...form.draft.quantities, [index]: event.target.value } })
                  }
                />
              )}
            </Field>
          ))
        ) : (
          <Field label="Сумма, ₽">
            {(control) => (
              <input
                {...control}
                className={styles.control}
                inputMode="decimal"
                readOnly={busy}
                value={form.draft.amount}
                onChange={(event) => form.edit({ amount: event.target.value })}
              />
            )}
          </Field>
        )}
        <Field label="Причина" hint="попадёт в историю заказа">
          {(control) => (
            <input
              {...control}
              className={styles.control}
              maxLength={500}
              readOnly={busy}
              value={form.draft.reason}
              onChange={(event) => form.edit({ reason: event.target.value })}
            />
          )}
        </Field>
        {form.showErrors && !checked.ok && (
          <Notice tone="error" role="alert">
            {checked.error}
          </Notice>
        )}
        <FormActions form={form} saveLabel="Вернуть" />
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Закрыть
        </Button>
      </form>
    </Modal>
  );
}

/**
 * The card's money dialogs, open while the card machine is in `prepayment` or `refund`: each one's
 * save answers the saved order, which the card takes (and closes the dialog).
 */
export function MoneyDialogs({ card }: { card: OrderCardActor }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  const open = useSelector(card, (snapshot) =>
    snapshot.matches('prepayment') ? 'prepayment' : snapshot.matches('refund') ? 'refund' : null,
  );
  const onDone = (saved: AdminOrderDetail) => card.send({ type: 'order.saved', order: saved });
  const onClose = () => card.send({ type: 'dialog.closed' });
  if (open === 'prepayment') return <PrepaymentDialog order={order} onDone={onDone} onClose={onClose} />;
  if (open === 'refund') return <RefundDialog order={order} onDone={onDone} onClose={onClose} />;
  return null;
}
