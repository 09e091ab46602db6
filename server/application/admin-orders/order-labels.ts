import type { PaymentState } from '../../domain/order-admin-rules';
import type { LiftKind } from '../admin-orders.port';
import type { DeliveryMethod, PaymentMethod } from '../orders.port';

/*
 * The back office's order words on the server (the timeline and the export files), in one place.
 * Issue 25 item 4 moves the shop's vocabulary to shared-rules/; these follow it there.
 */

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  online: 'Онлайн',
  on_delivery: 'При получении',
};

export const DELIVERY_METHOD_LABELS: Readonly<Record<DeliveryMethod, string>> = {
  courier: 'Курьер',
  pickup: 'Самовывоз',
};

export const LIFT_LABELS: Readonly<Record<LiftKind, string>> = {
  none: 'Нет',
  passenger: 'Пассажирский',
  freight: 'Грузовой',
};

/** The export's payment column (the screen words these differently: issue 25 item 4 unifies them). */
export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  awaiting: 'Ожидает оплаты',
  paid: 'Оплачен',
  prepaid: 'Предоплата',
  unpaid: 'Не оплачен',
};
