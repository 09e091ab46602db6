import { formatKopecks } from '../../shared-rules/money-rule';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../domain/order-lifecycle.machine';
import type { MailMessage } from './mailer.port';

/**
 * The shop's e-mails, in Russian. Each builder returns a complete message; the template name is what
 * gets logged (never the body, which may contain a temporary password).
 */
export interface ShopIdentity {
  /** Absolute base URL of the storefront, without a trailing slash (PUBLIC_URL). */
  readonly publicUrl: string;
  readonly shopName: string;
}

const SIGNATURE = (shop: ShopIdentity) =>
  `\n\nС уважением,\nкоманда «${shop.shopName}»\n${shop.publicUrl}\n\nЕсли вы не совершали этого действия, просто проигнорируйте письмо.`;

/** Every amount in a mail is printed as every screen prints it (docs/money.md). */
const rub = formatKopecks;

export function accountCreatedMail(
  shop: ShopIdentity,
  to: string,
  tempPassword: string,
  reason: 'request' | 'subscription' | 'order',
): MailMessage {
  const why = {
    request: 'Мы получили вашу заявку и создали для вас личный кабинет',
    subscription: 'Спасибо за подписку! Мы создали для вас личный кабинет',
    order: 'Спасибо за заказ! Мы создали для вас личный кабинет, где видны его статус и оплата',
  }[reason];
  return {
    to,
    template: 'account-created',
    subject: `Доступ в личный кабинет «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\n${why}.\n\n` +
      `Логин: ${to}\nВременный пароль: ${tempPassword}\n\n` +
      `Войдите на странице ${shop.publicUrl}/login — временный пароль действует 24 часа и только для одного входа. ` +
      'После входа придумайте собственный пароль.' +
      SIGNATURE(shop),
  };
}

/** A new staff member's access (docs/staff.md): the only place their first password ever appears. */
export function staffInvitationMail(
  shop: ShopIdentity,
  to: string,
  tempPassword: string,
  roleLabel: string,
): MailMessage {
  return {
    to,
    template: 'staff-invitation',
    subject: `Доступ к панели управления «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\nВладелец магазина добавил вас в сотрудники с ролью «${roleLabel}».\n\n` +
      `Логин: ${to}\nВременный пароль: ${tempPassword}\n\n` +
      `Войдите на странице ${shop.publicUrl}/admin/login — временный пароль действует 24 часа и только для одного входа. ` +
      'После входа задайте собственный пароль в разделе «Профиль».' +
      SIGNATURE(shop),
  };
}

export function existingAccountNoticeMail(shop: ShopIdentity, to: string): MailMessage {
  return {
    to,
    template: 'existing-account-notice',
    subject: `Ваша заявка получена — «${shop.shopName}»`,
    text:
      'Здравствуйте!\n\nМы получили вашу заявку. У вас уже есть личный кабинет с этим адресом: ' +
      `войдите на странице ${shop.publicUrl}/login, чтобы следить за ответом. ` +
      `Если вы не помните пароль, восстановите его на странице ${shop.publicUrl}/forgot-password.` +
      SIGNATURE(shop),
  };
}

export function passwordResetMail(shop: ShopIdentity, to: string, tempPassword: string): MailMessage {
  return {
    to,
    template: 'password-reset',
    subject: `Восстановление пароля — «${shop.shopName}»`,
    text:
      'Здравствуйте!\n\nВы запросили восстановление пароля.\n\n' +
      `Временный пароль: ${tempPassword}\n\n` +
      `Он действует 24 часа и только для одного входа на странице ${shop.publicUrl}/login. ` +
      'После входа придумайте новый пароль. Ваш прежний пароль продолжает действовать, пока вы его не смените.' +
      SIGNATURE(shop),
  };
}

export function subscriptionPromoMail(shop: ShopIdentity, to: string, promoCode: string): MailMessage {
  return {
    to,
    template: 'subscription-promo',
    subject: `Ваш промокод — «${shop.shopName}»`,
    text:
      'Здравствуйте!\n\nСпасибо, что подписались на наши новости.\n\n' +
      `Ваш промокод: ${promoCode}\n\nУкажите его при оформлении заказа на ${shop.publicUrl}.` +
      SIGNATURE(shop),
  };
}

export interface OrderMailData {
  readonly id: number;
  readonly total: number;
  /** The order's promo discount (kopecks); a line «Скидка» is printed when it is above 0. */
  readonly discount?: number;
  readonly lines: readonly { readonly name: string; readonly quantity: number; readonly lineTotal: number }[];
  /** Delivery and its services (issue 23), one line each after the goods. */
  readonly services?: readonly { readonly label: string; readonly amount: number }[];
}

export function orderPlacedMail(
  shop: ShopIdentity,
  to: string,
  order: OrderMailData,
  clientId: number,
  /** The signed pay link of an online order (it opens the pay page without signing in). */
  payUrl?: string,
): MailMessage {
  const lines = order.lines
    .map((line) => `• ${line.name} × ${line.quantity} — ${rub(line.lineTotal)}`)
    .join('\n');
  const discount = (order.discount ?? 0) > 0 ? `Скидка: ${rub(-(order.discount ?? 0))}\n` : '';
  const services = (order.services ?? [])
    .map((service) => `${service.label}: ${service.amount === 0 ? 'бесплатно' : rub(service.amount)}\n`)
    .join('');
  return {
    to,
    template: 'order-placed',
    subject: `Заказ № ${order.id} принят — «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\nМы приняли ваш заказ № ${order.id}.\n\n${lines}\n\n${discount}${services}Итого: ${rub(order.total)}\n\n` +
      'Менеджер свяжется с вами для подтверждения. Статус заказа виден в личном кабинете: ' +
      `${shop.publicUrl}/orders/${clientId}` +
      (payUrl === undefined
        ? ''
        : `\n\nОплатить заказ онлайн можно будет после подтверждения, по этой ссылке (входить в личный кабинет не нужно): ${payUrl}`) +
      SIGNATURE(shop),
  };
}

export function orderStatusChangedMail(
  shop: ShopIdentity,
  to: string,
  orderId: number,
  status: OrderStatus,
  clientId: number,
): MailMessage {
  return {
    to,
    template: 'order-status-changed',
    subject: `Заказ № ${orderId}: ${ORDER_STATUS_LABELS[status].toLowerCase()} — «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\nСтатус вашего заказа № ${orderId} изменился: ${ORDER_STATUS_LABELS[status]}.\n\n` +
      `Подробности в личном кабинете: ${shop.publicUrl}/orders/${clientId}` +
      SIGNATURE(shop),
  };
}

/** `payUrl`: the signed pay link (opens the pay page without signing in; PAY_LINK_TTL_DAYS). */
export function paymentAllowedMail(
  shop: ShopIdentity,
  to: string,
  orderId: number,
  payUrl: string,
): MailMessage {
  return {
    to,
    template: 'payment-allowed',
    subject: `Заказ № ${orderId} можно оплатить — «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\nЗаказ № ${orderId} подтверждён и готов к оплате: ${payUrl}\n\n` +
      'Ссылка открывает страницу оплаты без входа в личный кабинет. Если она перестала работать, ' +
      'напишите или позвоните нам — менеджер пришлёт новую.' +
      SIGNATURE(shop),
  };
}

/** A manager re-issued the pay link: the earlier links no longer work. */
export function payLinkReissuedMail(
  shop: ShopIdentity,
  to: string,
  orderId: number,
  payUrl: string,
): MailMessage {
  return {
    to,
    template: 'pay-link-reissued',
    subject: `Новая ссылка на оплату заказа № ${orderId} — «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\nНовая ссылка на оплату заказа № ${orderId}: ${payUrl}\n\n` +
      'Ссылка открывает страницу оплаты без входа в личный кабинет. Прежние ссылки больше не действуют.' +
      SIGNATURE(shop),
  };
}

export function paymentReceivedMail(
  shop: ShopIdentity,
  to: string,
  orderId: number,
  amount: number,
): MailMessage {
  return {
    to,
    template: 'payment-received',
    subject: `Оплата заказа № ${orderId} получена — «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\nМы получили оплату заказа № ${orderId} на сумму ${rub(amount)}. Спасибо!\n\n` +
      'Мы сообщим, когда заказ будет передан в доставку.' +
      SIGNATURE(shop),
  };
}

/** Money went back to the card (a cancelled order, or a payment the order was not waiting for). */
export function paymentRefundedMail(
  shop: ShopIdentity,
  to: string,
  orderId: number,
  amount: number,
): MailMessage {
  return {
    to,
    template: 'payment-refunded',
    subject: `Возврат оплаты по заказу № ${orderId} — «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\nМы вернули ${rub(amount)} по заказу № ${orderId} на карту, с которой была оплата. ` +
      'Деньги поступят в срок, который устанавливает ваш банк (обычно до 10 рабочих дней). ' +
      'Чек возврата придёт на вашу почту.' +
      SIGNATURE(shop),
  };
}

export function requestReplyMail(
  shop: ShopIdentity,
  to: string,
  requestId: number,
  reply: string,
  clientId: number,
): MailMessage {
  return {
    to,
    template: 'request-reply',
    subject: `Ответ на вашу заявку № ${requestId} — «${shop.shopName}»`,
    text:
      `Здравствуйте!\n\nНа вашу заявку № ${requestId} пришёл ответ:\n\n${reply}\n\n` +
      `Все заявки и ответы — в личном кабинете: ${shop.publicUrl}/orders/${clientId}?tab=requests` +
      SIGNATURE(shop),
  };
}
