import * as AdminOrders from '../../../api/admin-orders';
import { refundAdminOrder, requestOrderPrepayment } from '../../../api/order-money';
import * as PayLinks from '../../../api/pay-links';
import type {
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrderQuery,
  AdminOrderStatus,
  AdminOrdersPort,
  AdminPaymentMethod,
  BulkOutcome,
  CartLinePatch,
  ContactPatch,
  DeliveryPatch,
  ExportFormat,
  NewAdminOrder,
  NoteVisibility,
  OrderExportSheet,
  OrderServiceLine,
  PrepaymentAsk,
  RefundAsk,
} from '../../application/ports/admin-orders.port';
import type { CallOptions } from '../../application/ports/port-failure';
import { type QueryParams, withQuery } from '../../domain/query-params';
import type { HttpApiClient } from './api-client';

const flag = (value: boolean | undefined): 'true' | null => (value === true ? 'true' : null);

/** The list filters as query parameters (empty ones dropped by the query builder). */
function adminOrderQueryParams(query: AdminOrderQuery): QueryParams {
  return {
    status: query.status ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    payment: query.payment ?? null,
    delivery: query.delivery ?? null,
    promo: query.promo?.trim() || null,
    clientId: query.clientId ?? null,
    q: query.q?.trim() || null,
    deleted: flag(query.deleted),
    overdue: flag(query.overdue),
    sort: query.sort ?? null,
    dir: query.dir ?? null,
    page: query.page ?? null,
    limit: query.limit ?? null,
  };
}

export class AdminOrdersHttpAdapter implements AdminOrdersPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  list(query: AdminOrderQuery = {}, options: CallOptions = {}): Promise<AdminOrderPage> {
    return this.api.call(AdminOrders.listAdminOrders, { ...options, query: adminOrderQueryParams(query) });
  }

  get(orderId: number, options: CallOptions = {}): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.getAdminOrder, { ...options, params: { id: orderId } });
  }

  updateStatus(
    orderId: number,
    status: AdminOrderStatus,
    expected: AdminOrderStatus,
    options: CallOptions = {},
  ): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.updateAdminOrderStatus, {
      ...options,
      params: { id: orderId },
      body: { status, expectedStatus: expected },
    });
  }

  payLink(orderId: number, options: CallOptions = {}): Promise<{ readonly url: string }> {
    return this.api.call(PayLinks.adminOrderPayLink, { ...options, params: { orderId } });
  }

  reissuePayLink(
    orderId: number,
    options: CallOptions = {},
  ): Promise<{ readonly url: string; readonly mailed: boolean }> {
    return this.api.call(PayLinks.reissueAdminOrderPayLink, { ...options, params: { orderId } });
  }

  allowPayment(orderId: number, allowed: boolean, options: CallOptions = {}): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.allowOrderPayment, {
      ...options,
      params: { id: orderId },
      body: { allowed },
    });
  }

  remove(orderId: number, options: CallOptions = {}): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.deleteAdminOrder, { ...options, params: { id: orderId } });
  }

  restore(orderId: number, options: CallOptions = {}): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.restoreAdminOrder, { ...options, params: { id: orderId } });
  }

  updateContact(
    orderId: number,
    contact: ContactPatch,
    options: CallOptions = {},
  ): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.updateAdminOrderUserInfo, {
      ...options,
      params: { id: orderId },
      body: { contact },
    });
  }

  updatePayment(
    orderId: number,
    paymentMethod: AdminPaymentMethod,
    options: CallOptions = {},
  ): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.updateAdminOrderPayment, {
      ...options,
      params: { id: orderId },
      body: { paymentMethod },
    });
  }

  async requestPrepayment(orderId: number, ask: PrepaymentAsk, options: CallOptions = {}): Promise<void> {
    await this.api.call(requestOrderPrepayment, { ...options, params: { id: orderId }, body: ask });
  }

  async refund(
    orderId: number,
    ask: RefundAsk,
    reason: string,
    options: CallOptions = {},
  ): Promise<{ readonly amount: number }> {
    const reasonText = reason.trim();
    return this.api.call(refundAdminOrder, {
      ...options,
      params: { id: orderId },
      body: {
        ...('lines' in ask ? { lines: ask.lines } : { amount: ask.amount }),
        ...(reasonText !== '' ? { reason: reasonText } : {}),
      },
    });
  }

  updateDelivery(
    orderId: number,
    delivery: DeliveryPatch,
    options: CallOptions = {},
  ): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.updateAdminOrderDelivery, {
      ...options,
      params: { id: orderId },
      body: delivery,
    });
  }

  updateServices(
    orderId: number,
    services: readonly OrderServiceLine[],
    seenTotal: number,
    options: CallOptions = {},
  ): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.updateAdminOrderServices, {
      ...options,
      params: { id: orderId },
      body: { services, seenTotal },
    });
  }

  updatePromo(
    orderId: number,
    promoCode: string | null,
    options: CallOptions = {},
  ): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.updateAdminOrderPromo, {
      ...options,
      params: { id: orderId },
      body: { promoCode: promoCode === null || promoCode.trim() === '' ? null : promoCode.trim() },
    });
  }

  updateCart(
    orderId: number,
    lines: readonly CartLinePatch[],
    options: CallOptions = {},
  ): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.updateAdminOrderCart, {
      ...options,
      params: { id: orderId },
      body: { lines },
    });
  }

  addNote(
    orderId: number,
    note: { readonly text: string; readonly visibility: NoteVisibility },
    options: CallOptions = {},
  ): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.addAdminOrderNote, {
      ...options,
      params: { id: orderId },
      body: { text: note.text.trim(), visibility: note.visibility },
    });
  }

  create(order: NewAdminOrder, options: CallOptions = {}): Promise<AdminOrderDetail> {
    return this.api.call(AdminOrders.createAdminOrder, { ...options, body: order });
  }

  bulkUpdateStatus(
    orders: readonly { readonly id: number; readonly expectedStatus: AdminOrderStatus }[],
    status: AdminOrderStatus,
    options: CallOptions = {},
  ): Promise<BulkOutcome> {
    return this.api.call(AdminOrders.bulkUpdateOrderStatus, { ...options, body: { orders, status } });
  }

  bulkAllowPayment(
    orderIds: readonly number[],
    allowed: boolean,
    options: CallOptions = {},
  ): Promise<BulkOutcome> {
    return this.api.call(AdminOrders.bulkAllowOrderPayment, { ...options, body: { ids: orderIds, allowed } });
  }

  bulkDelete(orderIds: readonly number[], options: CallOptions = {}): Promise<BulkOutcome> {
    return this.api.call(AdminOrders.bulkDeleteOrders, { ...options, body: { ids: orderIds } });
  }

  bulkRestore(orderIds: readonly number[], options: CallOptions = {}): Promise<BulkOutcome> {
    return this.api.call(AdminOrders.bulkRestoreOrders, { ...options, body: { ids: orderIds } });
  }

  async exportUrl(query: AdminOrderQuery, format: ExportFormat, sheet: OrderExportSheet): Promise<string> {
    const { page: _page, limit: _limit, ...filters } = adminOrderQueryParams(query);
    const endpoint = sheet === 'lines' ? AdminOrders.exportAdminOrderLines : AdminOrders.exportAdminOrders;
    return this.api.href(withQuery(endpoint.path, { ...filters, format }));
  }
}
