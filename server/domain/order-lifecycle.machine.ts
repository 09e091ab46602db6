/**
 * The order lifecycle of a Russian furniture shop, as one statechart: it alone decides which status
 * changes are allowed (single, bulk, and the actions the back office offers) and which effects follow.
 *
 * Each top-level state is an order status (`ORDER_STATUSES`). A manager moves an order with
 * `order.moveTo { to }`; payments arrive as `payment.succeeded { amount }` from the gateway (system).
 * The chart is never run as a long-lived actor: the server resolves the stored status into a snapshot,
 * asks `transition()` for the next one (pure), and carries out the named effects it returns:
 *
 * - `notifyClient`            — every status change: the client's orderStatusChanges counter and a mail;
 * - `openPaymentGate`         — entering awaiting payment/prepayment: the client may pay on /pay/{id};
 * - `closePaymentGate`        — leaving those states: the pay link stops working;
 * - `voidPendingPayments`     — cancelling: a pending payment is cancelled at the gateway;
 * - `refundPayments`          — cancelling an order that took money: refunded through the gateway;
 * - `refundUnexpectedPayment` — money arrived for an order that is not waiting for it (cancelled,
 *                               or already paid by a duplicate payment): refunded, status unchanged;
 * - `issueSettlementReceipt`  — delivering an order that was paid before handover: 54-FZ receipt №2
 *                               («чек зачёта предоплаты»).
 *
 * Whether cash-on-delivery orders skip the payment states is the manager's choice (confirmed → ordered
 * from the factory / in stock / delivery agreed); the chart only forbids what is never right. A
 * delivery is agreed on a day: the move to «Доставка согласована» is guarded by `movesToWithDate`
 * (shared-rules/delivery-agreement-rule.ts, the browser's rule too), refused as
 * `delivery_date_required` for an order without a delivery date.
 */
import { setup, transition } from 'xstate';
import { deliveryDateRefusal } from '../../shared-rules/delivery-agreement-rule';

import {
  isOrderStatus,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../shared-rules/order-status-rule';

// The ids and labels have one home, shared with the contract and the browser (issue 25, item 4).
export { isOrderStatus, ORDER_ACTION_LABELS, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus };

type OrderEffect =
  | 'notifyClient'
  | 'openPaymentGate'
  | 'closePaymentGate'
  | 'voidPendingPayments'
  | 'refundPayments'
  | 'refundUnexpectedPayment'
  | 'issueSettlementReceipt';

export interface OrderLifecycleContext {
  /** Kopecks. */
  readonly total: number;
  /** Kopecks already taken online and not refunded. */
  readonly paidAmount: number;
  /** The agreed delivery day (YYYY-MM-DD), or null while there is none. */
  readonly deliveryDate: string | null;
}

export type OrderLifecycleEvent =
  | { readonly type: 'order.moveTo'; readonly to: OrderStatus }
  | { readonly type: 'payment.succeeded'; readonly amount: number };

const move = (to: OrderStatus) => ({ target: to, guard: { type: 'movesTo' as const, params: { to } } });

/** A move that needs the order's delivery date (deliveryDateRefusal names which ones). */
const moveWithDate = (to: OrderStatus) => ({
  target: to,
  guard: { type: 'movesToWithDate' as const, params: { to } },
});

const needsDate = (to: OrderStatus): boolean => deliveryDateRefusal(to, null) !== null;

/** Manager moves allowed from each status (the rows of the transition matrix). */
export const MANAGER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['confirmed', 'awaiting_payment', 'awaiting_prepayment', 'cancelled'],
  confirmed: [
    'awaiting_payment',
    'awaiting_prepayment',
    'ordered_from_factory',
    'in_stock',
    'delivery_agreed',
    'cancelled',
  ],
  awaiting_payment: ['confirmed', 'paid', 'cancelled'],
  awaiting_prepayment: ['confirmed', 'prepaid', 'cancelled'],
  paid: ['ordered_from_factory', 'in_stock', 'delivery_agreed', 'cancelled'],
  prepaid: ['ordered_from_factory', 'in_stock', 'delivery_agreed', 'cancelled'],
  ordered_from_factory: ['in_stock', 'cancelled'],
  in_stock: ['delivery_agreed', 'shipped', 'cancelled'],
  delivery_agreed: ['shipped', 'in_stock', 'cancelled'],
  // A failed handover brings the goods back to the warehouse.
  shipped: ['delivered', 'in_stock', 'claim'],
  delivered: ['completed', 'claim'],
  completed: ['claim'],
  claim: ['completed', 'cancelled'],
  cancelled: [],
};

const AWAITING: readonly OrderStatus[] = ['awaiting_payment', 'awaiting_prepayment'];

function stateOf(status: OrderStatus) {
  const on: Record<string, unknown> = {
    'order.moveTo': MANAGER_MOVES[status].map((to) => (needsDate(to) ? moveWithDate(to) : move(to))),
  };
  if (status === 'awaiting_payment' || status === 'awaiting_prepayment') {
    on['payment.succeeded'] = [
      { target: 'paid', guard: 'coversTotal', actions: 'recordPayment' },
      { target: 'prepaid', actions: 'recordPayment' },
    ];
  } else {
    // Money for an order that is not waiting for it goes back (a duplicate or a cancelled order).
    on['payment.succeeded'] = { actions: 'refundUnexpectedPayment' };
  }
  const entry: string[] = [];
  const exit: string[] = [];
  if (AWAITING.includes(status)) {
    entry.push('openPaymentGate');
    exit.push('closePaymentGate');
  }
  if (status === 'cancelled') entry.push('voidPendingPayments', 'refundPaymentsIfAny');
  if (status === 'delivered') entry.push('settlementReceiptIfPrepaid');
  return {
    description: ORDER_STATUS_LABELS[status],
    entry,
    exit,
    on,
  };
}

/**
 * The 14 states, built from MANAGER_MOVES. Typed by their keys only (the transitions are checked at
 * run time by the tests), so the machine's snapshots know the state values and the machine is an
 * ordinary `AnyStateMachine` for the docs generator.
 */
const LIFECYCLE_STATES = {} as Record<OrderStatus, { readonly description: string }>;
for (const status of ORDER_STATUSES) LIFECYCLE_STATES[status] = stateOf(status);

export const orderLifecycleMachine = setup({
  types: {
    context: {} as OrderLifecycleContext,
    events: {} as OrderLifecycleEvent,
    input: {} as OrderLifecycleContext,
  },
  guards: {
    movesTo: ({ event }, params: { to: OrderStatus }) =>
      event.type === 'order.moveTo' && event.to === params.to,
    movesToWithDate: ({ context, event }, params: { to: OrderStatus }) =>
      event.type === 'order.moveTo' &&
      event.to === params.to &&
      deliveryDateRefusal(params.to, context.deliveryDate) === null,
    coversTotal: ({ context, event }) =>
      event.type === 'payment.succeeded' && context.paidAmount + event.amount >= context.total,
  },
  actions: {
    notifyClient: () => {},
    openPaymentGate: () => {},
    closePaymentGate: () => {},
    voidPendingPayments: () => {},
    refundPaymentsIfAny: () => {},
    refundUnexpectedPayment: () => {},
    settlementReceiptIfPrepaid: () => {},
    recordPayment: () => {},
  },
}).createMachine({
  id: 'orderLifecycle',
  context: ({ input }) => input,
  initial: 'new',
  states: LIFECYCLE_STATES,
});

export interface OrderFacts extends OrderLifecycleContext {
  readonly status: OrderStatus;
}

export type OrderDecision =
  | {
      readonly ok: true;
      readonly from: OrderStatus;
      readonly to: OrderStatus;
      readonly effects: readonly OrderEffect[];
    }
  | {
      readonly ok: false;
      readonly from: OrderStatus;
      /** `delivery_date_required`: an allowed move that waits for the order's delivery date. */
      readonly reason: 'same_status' | 'not_allowed' | 'delivery_date_required';
    };

function snapshotOf(order: OrderFacts) {
  return orderLifecycleMachine.resolveState({
    value: order.status,
    context: { total: order.total, paidAmount: order.paidAmount, deliveryDate: order.deliveryDate },
  });
}

/** Runs one event through the chart (pure): the next status and the effects to carry out, in order. */
export function decide(order: OrderFacts, event: OrderLifecycleEvent): OrderDecision {
  if (event.type === 'order.moveTo' && event.to === order.status) {
    return { ok: false, from: order.status, reason: 'same_status' };
  }
  const before = snapshotOf(order);
  if (!before.can(event)) {
    const waitsForDate =
      event.type === 'order.moveTo' &&
      MANAGER_MOVES[order.status].includes(event.to) &&
      deliveryDateRefusal(event.to, order.deliveryDate) !== null;
    return { ok: false, from: order.status, reason: waitsForDate ? 'delivery_date_required' : 'not_allowed' };
  }
  const [after, actions] = transition(orderLifecycleMachine, before, event);
  const to = after.value as OrderStatus;
  const effects: OrderEffect[] = [];
  for (const action of actions) {
    switch (action.type) {
      case 'openPaymentGate':
      case 'closePaymentGate':
      case 'voidPendingPayments':
      case 'refundUnexpectedPayment':
        effects.push(action.type);
        break;
      case 'refundPaymentsIfAny':
        if (order.paidAmount > 0) effects.push('refundPayments');
        break;
      case 'settlementReceiptIfPrepaid':
        if (order.paidAmount > 0) effects.push('issueSettlementReceipt');
        break;
      default:
        break;
    }
  }
  if (to !== order.status) effects.push('notifyClient');
  return { ok: true, from: order.status, to, effects };
}

/** The statuses a manager may move this order to now: what the back office offers as actions. */
export function availableMoves(status: OrderStatus): readonly OrderStatus[] {
  return MANAGER_MOVES[status];
}

/** The client may pay online only while the order waits for (pre)payment. */
export function isPayable(status: OrderStatus): boolean {
  return AWAITING.includes(status);
}
