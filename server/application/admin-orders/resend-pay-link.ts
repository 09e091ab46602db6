import { payLinkStatusOpen } from '../../domain/pay-link';
import type { AdminOrdersRepository } from '../admin-orders.port';
import type { EventLog } from '../auth.service';
import { payLinkReissuedMail, type ShopIdentity } from '../mail-templates';
import type { PayLinksService } from '../pay-links.service';
import { type AdminActor, adminAudit, type FindOrder, liveOrder } from './admin-order-result';
import type { MailAboutOrder } from './order-mail';

export type ResendPayLink = (
  actor: AdminActor,
  id: number,
) => Promise<
  | { readonly ok: true; readonly url: string; readonly mailed: boolean }
  | { readonly ok: false; readonly error: 'not_found' | 'not_payable' }
>;

/**
 * «Отправить ссылку на оплату заново» (issue 22, item 5): every earlier pay link stops working and
 * the client is mailed the new one. Only while the link can open the order (new, confirmed,
 * awaiting payment or prepayment).
 */
export function resendPayLink(ports: {
  readonly orders: FindOrder & Pick<AdminOrdersRepository, 'recordAudit'>;
  readonly payLinks: Pick<PayLinksService, 'reissue'>;
  readonly mail: MailAboutOrder;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
}): ResendPayLink {
  return async (actor, id) => {
    const current = await liveOrder(ports.orders, id);
    if (!current.ok) return { ok: false, error: 'not_found' };
    const order = current.order;
    if (!payLinkStatusOpen(order.status)) return { ok: false, error: 'not_payable' };
    const url = await ports.payLinks.reissue(id);
    if (url === null) return { ok: false, error: 'not_found' };
    ports.log.info(
      { event: 'pay_link_resent', orderId: id, adminId: actor.adminId },
      'pay link re-issued by a manager',
    );
    // The earlier links stopped working: who did that, and when, belongs in the order's history.
    await ports.orders.recordAudit(adminAudit(actor, id, 'order.payLinkReissued', null, null));
    const mailed = order.contact.email.includes('@');
    if (mailed) await ports.mail(id, payLinkReissuedMail(ports.shop, order.contact.email, id, url));
    return { ok: true, url, mailed };
  };
}
