import {
  type AdminOrderUseCases,
  adminOrderUseCases,
} from '../../../../server/application/admin-orders/admin-order-use-cases';
import type { AuthService, EventLog } from '../../../../server/application/auth.service';
import type { ProductLookup, ProductSummaryRecord } from '../../../../server/application/client-data.port';
import type { Mailer, MailMessage } from '../../../../server/application/mailer.port';
import type { OrderPaymentEffects } from '../../../../server/application/order-payment-effects.port';
import type { OrdersRepository } from '../../../../server/application/orders.port';
import type { PayLinksService } from '../../../../server/application/pay-links.service';
import type { PaymentsService } from '../../../../server/application/payments.service';
import type { PromoRule } from '../../../../server/domain/order-pricing';
import { InMemoryAdminOrders } from './in-memory-admin-orders';
import { strictPort } from './strict-port';

export const ACTOR = { adminId: 1, ip: '203.0.113.7' } as const;

/** A catalogue product for pricing (price in roubles, as the catalogue stores it). */
export function catalogueProduct(id: number, name: string, price: number): ProductSummaryRecord {
  return {
    id,
    slug: `product-${id}`,
    name,
    tovar_pic1_url_site: null,
    price,
    price_old: null,
    badge: null,
    width: null,
    depth: null,
    height: null,
    specs: {},
  };
}

/** What the use cases did outside the repository: mails sent, payment effects asked, log lines. */
interface Recorded {
  readonly mails: MailMessage[];
  readonly effects: string[];
  readonly warnings: Record<string, unknown>[];
}

/**
 * Every admin-order use case over in-memory ports, wired by the app's own `adminOrderUseCases`:
 * the repository keeps the stock and promo rules (InMemoryAdminOrders), the mailer and the payment
 * effects record what they are asked, and every port the area must not touch fails loudly.
 */
export function adminOrdersHarness(
  options: {
    readonly products?: readonly ProductSummaryRecord[];
    readonly promoRules?: readonly PromoRule[];
    readonly mailer?: Mailer;
    readonly paymentEffects?: Partial<OrderPaymentEffects>;
    readonly refunds?: Pick<PaymentsService, 'refundAsPlanned'>;
    readonly clients?: Pick<AuthService, 'findOrCreateClient'>;
  } = {},
): {
  readonly store: InMemoryAdminOrders;
  readonly useCases: AdminOrderUseCases;
  readonly recorded: Recorded;
} {
  const clock = { now: Date.UTC(2026, 10, 27, 9, 0) };
  const store = new InMemoryAdminOrders(() => clock.now);
  const recorded: Recorded = { mails: [], effects: [], warnings: [] };
  const catalogue = new Map((options.products ?? []).map((product) => [product.id, product]));
  const products: ProductLookup = {
    byIds: async (ids) =>
      new Map(
        ids.flatMap((id) => {
          const product = catalogue.get(id);
          return product === undefined ? [] : [[id, product] as const];
        }),
      ),
  };
  const rules = new Map((options.promoRules ?? []).map((rule) => [rule.code, rule]));
  const log: EventLog = {
    info() {},
    warn(details) {
      recorded.warnings.push(details);
    },
  };
  const effect =
    (name: keyof OrderPaymentEffects) =>
    async (orderId: number): Promise<void> => {
      recorded.effects.push(`${name}:${orderId}`);
      await options.paymentEffects?.[name]?.(orderId, '');
    };
  const useCases = adminOrderUseCases({
    orders: store.port(),
    promoRules: strictPort<Pick<OrdersRepository, 'promoRule'>>('OrdersRepository', {
      promoRule: async (code) => rules.get(code) ?? null,
    }),
    products,
    clients: options.clients ?? strictPort<Pick<AuthService, 'findOrCreateClient'>>('AuthService', {}),
    mailer: options.mailer ?? {
      send: async (message) => {
        recorded.mails.push(message);
      },
    },
    paymentEffects: {
      voidPending: effect('voidPending'),
      refundAll: effect('refundAll'),
      issueSettlementReceipt: effect('issueSettlementReceipt'),
    },
    refunds: options.refunds ?? strictPort<Pick<PaymentsService, 'refundAsPlanned'>>('PaymentsService', {}),
    payLinks: strictPort<Pick<PayLinksService, 'urlFor' | 'reissue'>>('PayLinksService', {
      urlFor: async (orderId) => `https://shop.test/pay/${orderId}?t=signed`,
      reissue: async (orderId) => `https://shop.test/pay/${orderId}?t=new`,
    }),
    shop: { publicUrl: 'https://shop.test', shopName: 'Дом и Стиль' },
    log,
    now: () => clock.now,
    mailWaitMs: 50,
  });
  return { store, useCases, recorded };
}
