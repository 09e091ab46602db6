import type { OnlinePaymentMethod } from '../../shared-rules/installment-rule';
import type { OrderStatus } from '../domain/order-lifecycle.machine';

/** HMAC-SHA256 with the shop's pay-link secret (kept in the database, shared by every process). */
export interface PayLinkSigner {
  /** base64url MAC of `message`. */
  sign(message: string): string;
  /** Whether `mac` is the MAC of `message` (constant-time). */
  verify(message: string, mac: string): boolean;
}

/** What deciding on a pay link needs to know about an order. */
export interface PayLinkOrder {
  readonly id: number;
  readonly status: OrderStatus;
  readonly deleted: boolean;
  readonly paymentMethod: 'online' | 'on_delivery';
  readonly paymentAllowed: boolean;
  readonly onlineMethod: OnlinePaymentMethod | null;
  readonly payLinkVersion: number;
}

export interface PayLinksRepository {
  find(orderId: number): Promise<PayLinkOrder | null>;
  /** Invalidates every link issued so far; the new version, or null for an unknown order. */
  bumpVersion(orderId: number): Promise<number | null>;
}
