import { formatKopecks } from '../../../../shared-rules/money-rule';
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS } from '../../../../shared-rules/order-options-rule';
import type { DeliveryMethod } from '../../../application/ports/orders.port';
import type { CheckoutPayment } from '../../../domain/checkout';

/**
 * The delivery and payment choices as the checkout page words them (the shared labels where the
 * checkout says the same, its own phrasing — «Курьером», «Картой онлайн» — where it speaks to the shopper). The form's rules, the order it
 * becomes and the attempt rule are the domain's (src/domain/checkout.ts); the flow is the checkout
 * machine's.
 */
export const DELIVERY_OPTIONS: readonly { value: DeliveryMethod; label: string; hint: string }[] = [
  { value: 'courier', label: 'Курьером', hint: 'Доставим по адресу; стоимость и время согласует менеджер' },
  {
    value: 'pickup',
    label: DELIVERY_METHOD_LABELS.pickup,
    hint: 'Заберите заказ со склада в Санкт-Петербурге',
  },
];

const PAYMENT_OPTIONS: readonly { value: CheckoutPayment; label: string; hint: string }[] = [
  {
    value: 'on_delivery',
    label: PAYMENT_METHOD_LABELS.on_delivery,
    hint: 'Наличными или картой курьеру либо на складе',
  },
  {
    value: 'online',
    label: 'Картой онлайн',
    hint: 'Ссылка на оплату станет доступна после подтверждения заказа менеджером',
  },
  {
    value: 'sbp',
    label: 'СБП',
    hint: 'Перевод по QR-коду или в приложении банка после подтверждения заказа',
  },
  {
    value: 'installments',
    label: 'Частями',
    hint: 'Оплата частями через платёжный сервис; решение принимает сервис при оформлении',
  },
];

/** What the online ways are called in the provider's terms (card, sbp, installments). */
const ONLINE_OF: Readonly<Record<CheckoutPayment, 'card' | 'sbp' | 'installments' | null>> = {
  on_delivery: null,
  online: 'card',
  sbp: 'sbp',
  installments: 'installments',
};

/**
 * The payment choices checkout offers for an order of `amount` kopecks: on delivery always; card,
 * СБП and installments only as the provider offers them (installments within its limits). Until the
 * options are known, on delivery and card.
 */
export function offeredPaymentOptions(
  offered: readonly ('card' | 'sbp' | 'installments')[] | null,
  monthly: number | null,
): readonly { value: CheckoutPayment; label: string; hint: string }[] {
  return PAYMENT_OPTIONS.filter((option) => {
    const online = ONLINE_OF[option.value];
    if (online === null) return true;
    if (offered === null) return online === 'card';
    return offered.includes(online);
  }).map((option) =>
    option.value === 'installments' && monthly !== null
      ? {
          ...option,
          hint: `от ${formatKopecks(monthly)}/мес; решение принимает платёжный сервис при оформлении`,
        }
      : option,
  );
}
