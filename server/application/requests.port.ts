import type { RequestKind } from '../../shared-rules/request-labels-rule';
import type { RequestStatus } from '../domain/request-inbox';

export type { RequestKind };

export interface NewClientRequest {
  readonly clientId: number | null;
  readonly kind: RequestKind;
  readonly subject: string;
  readonly text: string;
  readonly email: string | null;
  readonly attachment: { readonly key: string; readonly mime: string; readonly size: number } | null;
}

export interface ClientRequestRecord {
  readonly id: number;
  readonly kind: RequestKind;
  readonly subject: string;
  readonly text: string;
  readonly createdAt: number;
  readonly hasAttachment: boolean;
  readonly status: RequestStatus;
  readonly replies: readonly { readonly text: string; readonly at: number }[];
  /** Replies and the client's follow-ups, oldest first. */
  readonly messages: readonly {
    readonly author: 'client' | 'admin';
    readonly text: string;
    readonly at: number;
  }[];
}

export interface RequestsRepository {
  create(request: NewClientRequest): Promise<number>;
  listByClient(clientId: number): Promise<ClientRequestRecord[]>;
  attachment(requestId: number): Promise<{ clientId: number | null; key: string; mime: string } | null>;
  /**
   * The client's follow-up on their own request, in one transaction with the request's markers (the
   * client wrote now: unread for the shop, waiting for a reply; a request that was waiting for the
   * client or closed goes back to work). False when the request is not this client's.
   */
  addClientMessage(clientId: number, requestId: number, text: string): Promise<boolean>;
}

export interface SubscriptionsRepository {
  find(email: string): Promise<{ readonly promoCode: string } | null>;
  /** False when the e-mail was already subscribed (concurrent calls subscribe once). */
  createIfAbsent(email: string, clientId: number | null, promoCode: string): Promise<boolean>;
  addPromoNotice(clientId: number, promoCode: string): Promise<void>;
  /** Makes sure the subscription promo code exists in the promo table (10 % off by default). */
  ensurePromoCode(code: string, percent: number): Promise<void>;
}

export interface ClientCounts {
  readonly orderStatusChanges: number;
  readonly requestReplies: number;
  readonly promoUpdates: number;
}

export interface AdminCounts {
  readonly newOrders: number;
  readonly orderUpdates: number;
  readonly newRequests: number;
  readonly newRequestMessages: number;
}

export interface NotificationsRepository {
  resets(clientId: number): Promise<Partial<Record<'orders' | 'requests' | 'promos', number>>>;
  setReset(clientId: number, type: 'orders' | 'requests' | 'promos', at: number): Promise<void>;
  /** Counts strictly after each start instant (epoch ms). */
  clientCounts(
    clientId: number,
    starts: { readonly orders: number; readonly requests: number; readonly promos: number },
  ): Promise<ClientCounts>;
  adminCounts(since: number): Promise<AdminCounts>;
}
