import type { AdminOrdersRepository } from '../admin-orders.port';
import type { AuthService, EventLog } from '../auth.service';
import type { ProductLookup } from '../client-data.port';
import type { ShopIdentity } from '../mail-templates';
import type { Mailer } from '../mailer.port';
import type { OrderPaymentEffects } from '../order-payment-effects.port';
import type { OrdersRepository } from '../orders.port';
import type { PayLinksService } from '../pay-links.service';
import type { PaymentsService } from '../payments.service';
import { type AddOrderNote, addOrderNote } from './add-order-note';
import type { FindOrder } from './admin-order-result';
import { type AllowPayment, allowPayment } from './allow-payment';
import { type BulkAllowPayment, bulkAllowPayment } from './bulk-allow-payment';
import { type BulkBinCommand, bulkMoveToBin, bulkRestoreFromBin } from './bulk-bin';
import { type BulkChangeStatus, bulkChangeStatus } from './bulk-change-status';
import { type ChangeOrderStatus, changeOrderStatus } from './change-order-status';
import { type CreatePhoneOrder, createPhoneOrder } from './create-phone-order';
import { type ExportOrders, exportOrders } from './export-orders';
import { type ListOrders, listOrders } from './list-orders';
import { type MoveOrderToBin, moveOrderToBin } from './move-to-bin';
import { type OrderCardOf, orderCardOf, type ShowOrderCard, showOrderCard } from './order-card';
import { mailAboutOrder } from './order-mail';
import { patchOrder } from './order-patch';
import { type OrderTimeline, orderTimeline } from './order-timeline';
import { priceOrderLines } from './price-order-lines';
import { type RefundOrder, refundOrder } from './refund-order';
import { type RequestPrepayment, requestPrepayment } from './request-prepayment';
import { type ResendPayLink, resendPayLink } from './resend-pay-link';
import { type RestoreOrderFromBin, restoreOrderFromBin } from './restore-from-bin';
import { type CarryOutStatusEffects, carryOutStatusEffects } from './status-effects';
import { type UpdateOrderContact, updateOrderContact } from './update-contact';
import { type UpdateOrderDelivery, updateOrderDelivery } from './update-delivery';
import { type UpdateOrderLines, updateOrderLines } from './update-order-lines';
import { type UpdateOrderPromo, updateOrderPromo } from './update-order-promo';
import { type UpdateOrderServices, updateOrderServices } from './update-order-services';
import { type UpdatePaymentTerms, updatePaymentTerms } from './update-payment-terms';

/** The back office's order use cases, each built from only the ports it needs (one file each). */
export interface AdminOrderUseCases {
  /** One order as stored (binned ones included), or null. */
  readonly findOrder: FindOrder['find'];
  readonly listOrders: ListOrders;
  readonly exportOrders: ExportOrders;
  readonly showOrderCard: ShowOrderCard;
  readonly orderCardOf: OrderCardOf;
  readonly orderTimeline: OrderTimeline;
  readonly changeStatus: ChangeOrderStatus;
  readonly bulkChangeStatus: BulkChangeStatus;
  readonly allowPayment: AllowPayment;
  readonly bulkAllowPayment: BulkAllowPayment;
  readonly moveToBin: MoveOrderToBin;
  readonly bulkMoveToBin: BulkBinCommand;
  readonly restoreFromBin: RestoreOrderFromBin;
  readonly bulkRestoreFromBin: BulkBinCommand;
  readonly updateContact: UpdateOrderContact;
  readonly updatePaymentTerms: UpdatePaymentTerms;
  readonly updateDelivery: UpdateOrderDelivery;
  readonly updateLines: UpdateOrderLines;
  readonly updatePromo: UpdateOrderPromo;
  readonly updateServices: UpdateOrderServices;
  readonly addNote: AddOrderNote;
  readonly createPhoneOrder: CreatePhoneOrder;
  readonly resendPayLink: ResendPayLink;
  readonly requestPrepayment: RequestPrepayment;
  readonly refundOrder: RefundOrder;
  /** The chart's effects after a stored move (the 1С exchange moves statuses through them too). */
  readonly statusEffects: CarryOutStatusEffects;
}

/** The adapters the area's use cases are built from (the composition root gives them). */
export interface AdminOrderAdapters {
  readonly orders: AdminOrdersRepository;
  /** Promo rules. */
  readonly promoRules: Pick<OrdersRepository, 'promoRule'>;
  readonly products: ProductLookup;
  readonly clients: Pick<AuthService, 'findOrCreateClient'>;
  readonly mailer: Mailer;
  /** Voids, refunds and receipts the chart asks for (the payments service). */
  readonly paymentEffects: OrderPaymentEffects;
  /** Partial refunds (the payments service). */
  readonly refunds: Pick<PaymentsService, 'refundAsPlanned'>;
  readonly payLinks: Pick<PayLinksService, 'urlFor' | 'reissue'>;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
  readonly now: () => number;
  /** How long a command waits for a mail before answering (the mail still goes). */
  readonly mailWaitMs?: number;
}

/** Wires each use case to the adapters it needs; the use cases that build on others get those. */
export function adminOrderUseCases(adapters: AdminOrderAdapters): AdminOrderUseCases {
  const { orders, shop, log, now } = adapters;
  const mail = mailAboutOrder({
    mailer: adapters.mailer,
    orders,
    log,
    ...(adapters.mailWaitMs === undefined ? {} : { waitMs: adapters.mailWaitMs }),
  });
  const effects = carryOutStatusEffects({
    payments: adapters.paymentEffects,
    mail,
    payLinks: adapters.payLinks,
    shop,
    log,
  });
  const changeStatus = changeOrderStatus({ orders, effects, log });
  const patch = patchOrder(orders);
  const price = priceOrderLines({ products: adapters.products, promoRules: adapters.promoRules, now });
  const timeline = orderTimeline({ orders });
  const cardOf = orderCardOf({ timeline, now });
  const allow = allowPayment({ orders, changeStatus });
  const moveToBin = moveOrderToBin({ orders, now });
  const restoreFromBin = restoreOrderFromBin({ orders });
  const updateTerms = updatePaymentTerms({ orders, patch });
  return {
    statusEffects: effects,
    findOrder: (id) => orders.find(id),
    listOrders: listOrders({ orders, now }),
    exportOrders: exportOrders({ orders }),
    showOrderCard: showOrderCard({ orders, cardOf }),
    orderCardOf: cardOf,
    orderTimeline: timeline,
    changeStatus,
    bulkChangeStatus: bulkChangeStatus(changeStatus),
    allowPayment: allow,
    bulkAllowPayment: bulkAllowPayment({ orders, allowPayment: allow }),
    moveToBin,
    bulkMoveToBin: bulkMoveToBin(moveToBin),
    restoreFromBin,
    bulkRestoreFromBin: bulkRestoreFromBin(restoreFromBin),
    updateContact: updateOrderContact({ orders, patch }),
    updatePaymentTerms: updateTerms,
    updateDelivery: updateOrderDelivery({ orders, patch }),
    updateLines: updateOrderLines({ orders, price, patch }),
    updatePromo: updateOrderPromo({ orders, price, patch }),
    updateServices: updateOrderServices({ orders, patch }),
    addNote: addOrderNote({ orders }),
    createPhoneOrder: createPhoneOrder({
      orders,
      clients: adapters.clients,
      price,
      mail,
      changeStatus,
      shop,
      log,
    }),
    resendPayLink: resendPayLink({ orders, payLinks: adapters.payLinks, mail, shop, log }),
    requestPrepayment: requestPrepayment({ orders, updatePaymentTerms: updateTerms, changeStatus }),
    refundOrder: refundOrder({ refunds: adapters.refunds }),
  };
}
