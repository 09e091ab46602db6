import type { OrderDecision } from '../../domain/order-lifecycle.machine';
import type { AdminOrderRecord } from '../admin-orders.port';
import type { EventLog } from '../auth.service';
import { orderStatusChangedMail, paymentAllowedMail, type ShopIdentity } from '../mail-templates';
import type { OrderPaymentEffects } from '../order-payment-effects.port';
import type { PayLinksService } from '../pay-links.service';
import type { MailAboutOrder } from './order-mail';

/** Runs what the lifecycle chart asked for after a status change was stored. */
export type CarryOutStatusEffects = (
  order: AdminOrderRecord,
  decision: Extract<OrderDecision, { ok: true }>,
) => Promise<void>;

export interface StatusEffectsPorts {
  /** Voids, refunds and receipts (the payments service). */
  readonly payments: OrderPaymentEffects;
  readonly mail: MailAboutOrder;
  /** Signed pay links for the mails (absent: the signed-in /pay/{id} page). */
  readonly payLinks?: Pick<PayLinksService, 'urlFor'>;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
}

/**
 * The chart's effects, in its order. A payment effect that fails is logged and never undoes the
 * stored move (each is idempotent and retried by its own job); entering a payment state mails the
 * pay link (it says the status too), other client-visible moves mail the new status.
 */
export function carryOutStatusEffects(ports: StatusEffectsPorts): CarryOutStatusEffects {
  return async (order, decision) => {
    const effects = decision.effects;
    for (const effect of effects) {
      try {
        if (effect === 'voidPendingPayments') await ports.payments.voidPending(order.id);
        else if (effect === 'refundPayments')
          await ports.payments.refundAll(order.id, `Заказ № ${order.id} отменён`);
        else if (effect === 'issueSettlementReceipt') await ports.payments.issueSettlementReceipt(order.id);
      } catch (error) {
        ports.log.warn(
          { event: 'order_payment_effect_failed', orderId: order.id, effect, error: String(error) },
          'payment effect failed',
        );
      }
    }
    if (effects.includes('openPaymentGate')) {
      const payUrl = (await ports.payLinks?.urlFor(order.id)) ?? `${ports.shop.publicUrl}/pay/${order.id}`;
      await ports.mail(order.id, paymentAllowedMail(ports.shop, order.contact.email, order.id, payUrl));
    } else if (effects.includes('notifyClient')) {
      await ports.mail(
        order.id,
        orderStatusChangedMail(ports.shop, order.contact.email, order.id, decision.to, order.clientId),
      );
    }
  };
}
