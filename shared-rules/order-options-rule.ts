/**
 * What an order is paid and delivered with, and how paid it is (issue 25, item 4: one vocabulary):
 * ids and the Russian labels the order card, the orders list, the history, the mails and the exports
 * show. Where the copies disagreed, the screen's text won: the export said «Ожидает оплаты» /
 * «Предоплата» for the payment state and the history «Нет» for the lift, the card «Ждёт оплаты» /
 * «Частично оплачен» and «Нет лифта». The checkout's own choices are phrased for the shopper
 * («Курьером», «Картой онлайн») and stay in its form.
 */

/** How paid an order is, from its money (server: paymentStateOf). */
export const PAYMENT_STATES = ['awaiting', 'paid', 'prepaid', 'unpaid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  awaiting: 'Ждёт оплаты',
  paid: 'Оплачен',
  prepaid: 'Частично оплачен',
  unpaid: 'Не оплачен',
};

export const DELIVERY_METHODS = ['courier', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Readonly<Record<DeliveryMethod, string>> = {
  courier: 'Курьер',
  pickup: 'Самовывоз',
};

export const PAYMENT_METHODS = ['online', 'on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  online: 'Онлайн',
  on_delivery: 'При получении',
};

/** Lift in the building, for furniture delivered to the floor. */
export const LIFT_KINDS = ['none', 'passenger', 'freight'] as const;
export type LiftKind = (typeof LIFT_KINDS)[number];
export const LIFT_LABELS: Readonly<Record<LiftKind, string>> = {
  none: 'Нет лифта',
  passenger: 'Пассажирский',
  freight: 'Грузовой',
};
