import { monthlyInstallment, type OnlinePaymentMethod } from '../../shared-rules/installment-rule';
import { isPayable } from '../domain/order-lifecycle.machine';
import {
  formatPayLinkToken,
  PAY_LINK_DEFAULT_TTL_DAYS,
  parsePayLinkToken,
  payLinkExpiry,
  payLinkMessage,
  payLinkOpens,
} from '../domain/pay-link';
import { amountDue } from '../domain/payment-receipt';
import type { EventLog } from './auth.service';
import type { PayLinkOrder, PayLinkSigner, PayLinksRepository } from './pay-links.port';
import type { PayableOrder } from './payments.port';
import type { CreatePaymentOutcome, PaymentsService } from './payments.service';

export interface PayLinksDeps {
  readonly links: PayLinksRepository;
  readonly signer: PayLinkSigner;
  readonly payments: PaymentsService;
  readonly publicUrl: string;
  readonly log: EventLog;
  readonly now: () => number;
  /** PAY_LINK_TTL_DAYS (default 7). */
  readonly ttlDays?: number;
}

/** What a pay link shows: only what paying needs (no address, phone, e-mail or other orders). */
export interface PayLinkView {
  readonly orderId: number;
  /**
   * payable: the button works; awaiting_approval: a manager has not allowed payment yet; paid /
   * closed: the owner's page only (a link to such an order opens nothing).
   */
  readonly state: 'payable' | 'awaiting_approval' | 'paid' | 'closed';
  /** Kopecks charged now (the rest of the total, or the prepayment); 0 while awaiting approval. */
  readonly amountDue: number;
  readonly total: number;
  readonly prepayment: boolean;
  readonly lines: readonly { readonly name: string; readonly quantity: number; readonly lineTotal: number }[];
  /** The ways to pay the provider offers for the amount due; `chosen` preselected. */
  readonly methods: readonly OnlinePaymentMethod[];
  readonly chosen: OnlinePaymentMethod;
  /** «от N ₽/мес» when installments are offered for the amount. */
  readonly installment: { readonly months: number; readonly monthly: number } | null;
}

/**
 * Signed pay links (issue 22, item 5). A link opens one order's pay page without signing in while
 * the order can still be paid by link, until it expires or is re-issued; anything else — a guessed,
 * altered, truncated, expired, re-issued or other order's token, a paid, cancelled or deleted order —
 * is the same `null` (the route answers one 404), so a caller learns nothing from trying. The token
 * grants this order's pay page and the payment of its amount due, nothing else.
 */
export class PayLinksService {
  constructor(private readonly deps: PayLinksDeps) {}

  private get ttlDays(): number {
    return this.deps.ttlDays ?? PAY_LINK_DEFAULT_TTL_DAYS;
  }

  private tokenFor(order: PayLinkOrder): string {
    const expiresAt = payLinkExpiry(this.deps.now(), this.ttlDays);
    const mac = this.deps.signer.sign(payLinkMessage(order.id, order.payLinkVersion, expiresAt));
    return formatPayLinkToken(expiresAt, mac);
  }

  /** `/pay/{id}?t=…` (path and query) for the order's current version; null for an unknown order. */
  async pathFor(orderId: number): Promise<string | null> {
    const order = await this.deps.links.find(orderId);
    return order === null ? null : `/pay/${order.id}?t=${this.tokenFor(order)}`;
  }

  /** The absolute link for mails. Falls back to the signed-in page if the order vanished. */
  async urlFor(orderId: number): Promise<string> {
    return `${this.deps.publicUrl}${(await this.pathFor(orderId)) ?? `/pay/${orderId}`}`;
  }

  /** Invalidates every earlier link and returns the new one (absolute); null for an unknown order. */
  async reissue(orderId: number): Promise<string | null> {
    const version = await this.deps.links.bumpVersion(orderId);
    if (version === null) return null;
    this.deps.log.info({ event: 'pay_link_reissued', orderId }, 'pay link re-issued');
    return this.urlFor(orderId);
  }

  /** The online methods offered for `amount` kopecks (checkout asks before placing an order). */
  methodsFor(amount: number): OnlinePaymentMethod[] {
    return this.deps.payments.methodsFor(amount);
  }

  /** The order a token opens, or null (one answer for every way of being wrong). */
  private async verified(orderId: number, token: unknown): Promise<PayLinkOrder | null> {
    const parsed = parsePayLinkToken(token);
    if (parsed === null) return null;
    const order = await this.deps.links.find(orderId);
    if (order === null) return null;
    const message = payLinkMessage(order.id, order.payLinkVersion, parsed.expiresAt);
    // The MAC is checked even for a closed order, so a valid and an invalid token cost the same.
    const authentic = this.deps.signer.verify(message, parsed.mac);
    const opens = payLinkOpens(
      {
        status: order.status,
        deleted: order.deleted,
        online: order.paymentMethod === 'online' || order.paymentAllowed,
      },
      parsed.expiresAt,
      this.deps.now(),
    );
    return authentic && opens ? order : null;
  }

  async open(orderId: number, token: unknown): Promise<PayLinkView | null> {
    const link = await this.verified(orderId, token);
    if (link === null) return null;
    const order = await this.deps.payments.payableOrder(orderId);
    if (order === null) return null;
    const view = this.viewOf(order, link.onlineMethod);
    // A link opens only orders that can be paid by link: what is not payable yet waits for approval.
    return view.state === 'payable' ? view : { ...view, state: 'awaiting_approval' };
  }

  /**
   * The signed-in owner's pay page: the same view as the link's, so both offer the same methods with
   * the same texts; null when the order is not the client's (or gone).
   */
  async ownPage(clientId: number, orderId: number): Promise<PayLinkView | null> {
    const order = await this.deps.payments.payableOrder(orderId);
    if (order === null || order.clientId !== clientId) return null;
    const link = await this.deps.links.find(orderId);
    return this.viewOf(order, link?.onlineMethod ?? null);
  }

  /** What the pay page shows for an order: only what paying needs. */
  private viewOf(order: PayableOrder, preferred: OnlinePaymentMethod | null): PayLinkView {
    const payable = order.paymentAllowed && isPayable(order.status);
    const due = payable ? amountDue(order) : 0;
    const methods = this.deps.payments.methodsFor(due > 0 ? due : order.total);
    const plan = this.deps.payments.onlineMethods.installments;
    const monthly = methods.includes('installments')
      ? monthlyInstallment(plan, due > 0 ? due : order.total)
      : null;
    const paid = order.status === 'paid' || (order.total > 0 && order.paidAmount >= order.total);
    const state: PayLinkView['state'] =
      payable && due > 0
        ? 'payable'
        : paid
          ? 'paid'
          : order.status === 'new' || order.status === 'confirmed' || payable
            ? 'awaiting_approval'
            : 'closed';
    return {
      orderId: order.id,
      state,
      amountDue: due,
      total: order.total,
      prepayment: order.status === 'awaiting_prepayment',
      lines: order.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        // What the shopper pays for the line: its share of the order discount taken off (docs/money.md).
        lineTotal: line.netTotal,
      })),
      methods,
      chosen: preferred !== null && methods.includes(preferred) ? preferred : (methods[0] ?? 'card'),
      installment: monthly === null ? null : { months: plan.months, monthly },
    };
  }

  /** Starts the payment the link's holder asked for; null when the token opens nothing. */
  async pay(
    orderId: number,
    token: unknown,
    method: OnlinePaymentMethod,
  ): Promise<CreatePaymentOutcome | null> {
    if ((await this.verified(orderId, token)) === null) return null;
    const order = await this.deps.payments.payableOrder(orderId);
    if (order === null) return null;
    return this.deps.payments.startFor(order, method);
  }
}
