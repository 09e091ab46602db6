import type { DeliveryMethod, PaymentMethod } from '../../../application/ports/orders.port';

/**
 * The delivery and payment choices as the checkout page words them. The form's rules, the order it
 * becomes and the attempt rule are the domain's (src/domain/checkout.ts); the flow is the checkout
 * machine's.
 */
export const DELIVERY_OPTIONS: readonly { value: DeliveryMethod; label: string; hint: string }[] = [
  { value: 'courier', label: 'Курьером', hint: 'Доставим по адресу; стоимость и время согласует менеджер' },
  { value: 'pickup', label: 'Самовывоз', hint: 'Заберите заказ со склада в Санкт-Петербурге' },
];

export const PAYMENT_OPTIONS: readonly { value: PaymentMethod; label: string; hint: string }[] = [
  { value: 'on_delivery', label: 'При получении', hint: 'Наличными или картой курьеру либо на складе' },
  {
    value: 'online',
    label: 'Онлайн картой',
    hint: 'Ссылка на оплату станет доступна после подтверждения заказа менеджером',
  },
];
