import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isOnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import type { PayLinkOrder, PayLinkSigner, PayLinksRepository } from '../../application/pay-links.port';
import { isOrderStatus } from '../../domain/order-lifecycle.machine';
import type { AppDb } from '../db/database';
import { orders } from '../db/schema/orders.schema';

/** HMAC-SHA256 with the `pay-link` server secret (server_secrets: one key for every process). */
export class HmacPayLinkSigner implements PayLinkSigner {
  constructor(private readonly key: Buffer) {}

  private mac(message: string): Buffer {
    return createHmac('sha256', this.key).update(message).digest();
  }

  sign(message: string): string {
    return this.mac(message).toString('base64url');
  }

  verify(message: string, mac: string): boolean {
    return sameText(mac, this.sign(message));
  }
}

/**
 * Compares the MAC's text, not its decoded bytes: base64url's last character carries two unused bits, so
 * decoding would take four spellings of one MAC as valid. Only the spelling the server issued opens a link.
 */
function sameText(given: string, expected: string): boolean {
  const givenBytes = Buffer.from(given, 'utf8');
  const expectedBytes = Buffer.from(expected, 'utf8');
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}

export class DrizzlePayLinksRepository implements PayLinksRepository {
  constructor(private readonly db: AppDb) {}

  async find(orderId: number): Promise<PayLinkOrder | null> {
    const [row] = await this.db
      .select({
        id: orders.id,
        status: orders.status,
        deletedAt: orders.deletedAt,
        paymentMethod: orders.paymentMethod,
        paymentAllowed: orders.paymentAllowed,
        onlineMethod: orders.onlineMethod,
        payLinkVersion: orders.payLinkVersion,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!row || !isOrderStatus(row.status)) return null;
    return {
      id: row.id,
      status: row.status,
      deleted: row.deletedAt !== null,
      paymentMethod: row.paymentMethod === 'online' ? 'online' : 'on_delivery',
      paymentAllowed: row.paymentAllowed,
      onlineMethod: isOnlinePaymentMethod(row.onlineMethod) ? row.onlineMethod : null,
      payLinkVersion: row.payLinkVersion,
    };
  }

  async bumpVersion(orderId: number): Promise<number | null> {
    const [row] = await this.db
      .update(orders)
      .set({ payLinkVersion: sql`${orders.payLinkVersion} + 1` })
      .where(eq(orders.id, orderId))
      .returning({ version: orders.payLinkVersion });
    return row?.version ?? null;
  }
}
