import { ORDERS_PORT, type Order } from '../ports/orders.port';
import type { CallOptions } from '../ports/port-failure';
import { type OwnRequest, REQUESTS_PORT } from '../ports/requests.port';
import { defineUseCase } from '../use-case';

/** A list of the account, or the note that it could not be read (the tab says so, the page stays). */
interface AccountList<T> {
  readonly list: readonly T[];
  readonly failed: boolean;
}

export interface ClientAccountData {
  readonly orders: AccountList<Order>;
  readonly requests: AccountList<OwnRequest>;
}

function listed<T>(read: Promise<readonly T[]>): Promise<AccountList<T>> {
  return read.then(
    (list) => ({ list, failed: false }),
    () => ({ list: [], failed: true }),
  );
}

/**
 * The client's account (/orders/{clientId}): their orders, and their requests only while the requests
 * tab is open (spec: /orders/{clientId}?tab=requests).
 */
export const clientAccount = defineUseCase(
  'account.page',
  { orders: ORDERS_PORT, requests: REQUESTS_PORT },
  ({ orders, requests }) =>
    async (clientId: number, withRequests: boolean, options?: CallOptions): Promise<ClientAccountData> => {
      const [orderList, requestList] = await Promise.all([
        listed(orders.listByClient(clientId, options)),
        withRequests
          ? listed(requests.listMine(clientId, options))
          : Promise.resolve({ list: [], failed: false }),
      ]);
      return { orders: orderList, requests: requestList };
    },
);
