import { commandMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';

/** What the pay-link commands answer: the signed link, and whether a new one was mailed. */
export interface PayLinkAnswer {
  readonly url: string;
  readonly mailed?: boolean;
}

/**
 * The order's signed pay link (issue 22, item 5): `payLink.read` reads it when the card opens;
 * `payLink.reissue` («Отправить ссылку на оплату заново») makes a new one, mails it, and the old ones
 * stop working. Both carry the order as `args.orderId`.
 */
export const orderPayLink = defineUseCase(
  'admin.orders.payLink',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    commandMachine(async (command, signal): Promise<PayLinkAnswer> => {
      const orderId = Number(command.args?.orderId);
      return command.name === 'payLink.reissue'
        ? orders.reissuePayLink(orderId, { signal })
        : orders.payLink(orderId, { signal });
    }),
);
