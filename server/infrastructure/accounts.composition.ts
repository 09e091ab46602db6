import { join } from 'node:path';
import type { AccountServices } from '../application/accounts.services';
import type { AddressSuggestions } from '../application/address-suggestions.port';
import { changeClientContacts } from '../application/admin-clients/change-client-contacts';
import { changeClientNotes } from '../application/admin-clients/change-client-notes';
import { AdminClientsService } from '../application/admin-clients.service';
import { adminOrderUseCases } from '../application/admin-orders/admin-order-use-cases';
import { moveDeliverySlot } from '../application/admin-orders/move-delivery-slot';
import { AdminRequestsService } from '../application/admin-requests.service';
import { changeStaff } from '../application/admin-staff/change-staff';
import { createStaff } from '../application/admin-staff/create-staff';
import { resetSecondFactor } from '../application/admin-staff/reset-second-factor';
import { SecondFactor } from '../application/admin-staff/second-factor';
import { saveTariffs } from '../application/admin-tariffs/save-tariffs';
import { AuthService, type EventLog } from '../application/auth.service';
import type { CarrierQuote } from '../application/carrier-quote.port';
import { ClientDataService } from '../application/client-data.service';
import { DeliveryService } from '../application/delivery.service';
import type { FileStore } from '../application/file-store.port';
import { saveHomeMeasurements } from '../application/home-measurements/save-home-measurements';
import type { ShopIdentity } from '../application/mail-templates';
import type { Mailer } from '../application/mailer.port';
import { NotificationsService } from '../application/notifications.service';
import { OrdersService } from '../application/orders.service';
import { PayLinksService } from '../application/pay-links.service';
import type { PaymentGateway } from '../application/payment-gateway.port';
import { PaymentsService } from '../application/payments.service';
import { RequestsService } from '../application/requests.service';
import { SubscribeService } from '../application/subscribe.service';
import type { TrustedProxies } from '../domain/client-ip';
import { LOGIN_THROTTLE } from '../domain/rate-limit';
import type { AccountsConfig } from './accounts.config';
import { SqlAuditLog } from './audit/audit-log.repository';
import { DrizzleAccountsRepository, DrizzleSessionsRepository } from './auth/accounts.repository';
import { Argon2PasswordHasher } from './auth/argon2-password-hasher';
import { HmacDeviceTokens, serverSecret } from './auth/device-tokens';
import { nodeSecrets } from './auth/node-secrets';
import { DrizzleSecondFactorStore } from './auth/second-factor.repository';
import { DrizzleStaffDirectory } from './auth/staff-directory.repository';
import { openStaffTotpBox, resealSecondFactorSecrets } from './auth/staff-totp-key';
import { OtpauthTotpCodes } from './auth/totp-codes';
import { DrizzleAdminClientsRepository } from './client-data/admin-clients.repository';
import { DrizzleClientCardRepository } from './client-data/client-card.repository';
import {
  DrizzleCartRepository,
  DrizzleFavoritesRepository,
  DrizzleProductLookup,
  DrizzleViewedRepository,
} from './client-data/client-data.repository';
import { DrizzleHomeMeasurementsRepository } from './client-data/home-measurements.repository';
import type { AppDb, Database } from './db/database';
import { CdekCarrierQuote } from './delivery/cdek-carrier-quote';
import { DadataAddressSuggestions } from './delivery/dadata-address-suggestions';
import { DrizzleDeliveryCalendar, packedSizesFrom } from './delivery/drizzle-delivery-calendar';
import { productDeliveryFactsBySlugFrom, productDeliveryFactsFrom } from './delivery/product-delivery-facts';
import { DrizzleTariffsRepository } from './delivery/tariffs.repository';
import { loadGeoLocator } from './geo/range-table-geo-locator';
import { DbOutboxMailer } from './mail/db-outbox-mailer';
import { MAIL_WORKER_DEFAULTS, MailOutboxWorker, type MailWorkerSettings } from './mail/mail-outbox-worker';
import { OutboxMailer } from './mail/outbox-mailer';
import { SMTP_TIMEOUTS, SmtpMailer, type SmtpTimeouts } from './mail/smtp-mailer';
import { DrizzleAdminOrdersRepository } from './orders/admin-orders.repository';
import { DrizzleOrdersRepository } from './orders/orders.repository';
import { DrizzlePayLinksRepository, HmacPayLinkSigner } from './payments/pay-links.adapters';
import { DrizzlePaymentsRepository } from './payments/payments.repository';
import { RefundRetryJob } from './payments/refund-retry-job';
import { TestGatewayCheckout } from './payments/test-checkout';
import { TestPaymentGateway } from './payments/test-payment-gateway';
import { YooKassaPaymentGateway } from './payments/yookassa-payment-gateway';
import { DbLoginThrottle } from './rate-limit/db-login-throttle';
import { DbRateLimiter } from './rate-limit/db-rate-limiter';
import { DrizzleAdminRequestsRepository } from './requests/admin-requests.repository';
import {
  DrizzleNotificationsRepository,
  DrizzleRequestsRepository,
  DrizzleSubscriptionsRepository,
} from './requests/requests.repository';
import { CheckedAttachmentStore } from './uploads/checked-attachment-store';

/** A log whose destination (Fastify's pino logger) is attached once the app exists. */
export class ForwardingLog implements EventLog {
  private target: EventLog | null = null;

  attach(target: EventLog): void {
    this.target = target;
  }

  info(details: Record<string, unknown>, message: string): void {
    this.target?.info(details, message);
  }

  warn(details: Record<string, unknown>, message: string): void {
    this.target?.warn(details, message);
  }
}

export interface AccountsModuleOptions {
  readonly dataDir: string;
  /** Where request attachments are kept (DATA_DIR/uploads or the shared bucket). */
  readonly uploads: FileStore;
  /** TRUST_PROXY, parsed by the server configuration. */
  readonly trustProxy: TrustedProxies;
  /** Public URL of a catalogue picture key (the catalogue's MediaUrls.url). */
  readonly imageUrl: (key: string) => string;
  readonly log: EventLog;
  /** Where the generated first administrator password is printed (stdout, never the log). */
  readonly announce: (message: string) => void;
  readonly now?: () => number;
  /** Replaces the mailer and its outbox (tests capture messages synchronously). */
  readonly mailer?: Mailer;
  /** The mail worker's timing and the SMTP timeouts (tests shorten them). */
  readonly mailDelivery?: { readonly worker?: MailWorkerSettings; readonly smtp?: SmtpTimeouts };
  /** Replaces the address suggestions and the carrier (tests give local fakes; null: off). */
  readonly deliveryServices?: {
    readonly addresses?: AddressSuggestions | null;
    readonly carrier?: CarrierQuote | null;
  };
}

/** Builds the adapters and use cases of accounts, client data, orders, payments and requests. */
export async function createAccountsModule(
  database: Database,
  config: AccountsConfig,
  options: AccountsModuleOptions,
): Promise<AccountServices> {
  const db = database.db;
  const now = options.now ?? Date.now;
  const shop: ShopIdentity = { publicUrl: config.publicUrl, shopName: 'Дом и Стиль' };
  const log = options.log;
  // Requests only queue mail in the database; the worker delivers it over SMTP or into .eml files.
  const mailTransport: Mailer =
    config.smtpUrl !== undefined
      ? new SmtpMailer(config.smtpUrl, config.mailFrom, log, options.mailDelivery?.smtp ?? SMTP_TIMEOUTS)
      : new OutboxMailer(join(options.dataDir, 'outbox'), config.mailFrom, log);
  const mailWorker =
    options.mailer === undefined
      ? new MailOutboxWorker(db, mailTransport, log, options.mailDelivery?.worker ?? MAIL_WORKER_DEFAULTS)
      : null;
  const mailer: Mailer = options.mailer ?? new DbOutboxMailer(db, () => mailWorker?.wake());
  const accounts = new DrizzleAccountsRepository(db);
  const limiter = new DbRateLimiter(db, now);
  const hasher = new Argon2PasswordHasher();
  const throttle = new DbLoginThrottle(db);
  const totpBox = await openStaffTotpBox(db, config.staffTotpKey ?? null);
  const resealed = await resealSecondFactorSecrets(db, totpBox);
  if (resealed > 0)
    log.info({ event: 'totp_key_rotated', resealed }, 'second-factor secrets re-sealed with STAFF_TOTP_KEY');
  const secondFactor = new SecondFactor({
    store: new DrizzleSecondFactorStore(db),
    codes: new OtpauthTotpCodes(shop.shopName),
    box: totpBox,
    secrets: nodeSecrets,
    throttle,
    audit: new SqlAuditLog(db),
    now,
  });
  const auth = new AuthService({
    secondFactor,
    throttle,
    devices: new HmacDeviceTokens(
      await serverSecret(db, 'device-cookie'),
      LOGIN_THROTTLE.deviceCookieDays * 86_400,
    ),
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    accounts,
    sessions: new DrizzleSessionsRepository(db),
    hasher,
    secrets: nodeSecrets,
    limiter,
    mailer,
    shop,
    log,
    now,
  });
  const products = new DrizzleProductLookup(db, options.imageUrl);
  const ordersRepository = new DrizzleOrdersRepository(db);
  const deliveryCalendar = new DrizzleDeliveryCalendar(db);
  const deliveryConfig = config.delivery ?? { dadataToken: null, cdek: null };
  const delivery = new DeliveryService({
    calendar: deliveryCalendar,
    addresses:
      options.deliveryServices?.addresses !== undefined
        ? options.deliveryServices.addresses
        : deliveryConfig.dadataToken === null
          ? null
          : new DadataAddressSuggestions(deliveryConfig.dadataToken),
    carrier:
      options.deliveryServices?.carrier !== undefined
        ? options.deliveryServices.carrier
        : deliveryConfig.cdek === null
          ? null
          : new CdekCarrierQuote(deliveryConfig.cdek),
    packedSizes: packedSizesFrom(db),
    productFacts: productDeliveryFactsFrom(db),
    productFactsBySlug: productDeliveryFactsBySlugFrom(db),
    now,
  });
  const testGateway =
    config.payment.kind === 'test' ? new TestPaymentGateway(config.payment.secret, config.publicUrl) : null;
  const gateway: PaymentGateway =
    testGateway ??
    new YooKassaPaymentGateway(
      config.payment.kind === 'yookassa'
        ? {
            shopId: config.payment.shopId,
            secretKey: config.payment.secretKey,
            apiBase: config.payment.apiBase,
          }
        : { shopId: '', secretKey: '', apiBase: '' },
    );
  const payments = new PaymentsService({
    payments: new DrizzlePaymentsRepository(db),
    gateway,
    mailer,
    secrets: nodeSecrets,
    shop,
    log,
    vatCode: config.receiptVatCode ?? 1,
    ...(config.onlineMethods === undefined ? {} : { methods: config.onlineMethods }),
  });
  const payLinks = new PayLinksService({
    links: new DrizzlePayLinksRepository(db),
    signer: new HmacPayLinkSigner(await serverSecret(db, 'pay-link')),
    payments,
    publicUrl: config.publicUrl,
    log,
    now,
    ...(config.payLinkTtlDays === undefined ? {} : { ttlDays: config.payLinkTtlDays }),
  });
  const refundRetry = new RefundRetryJob(payments, log);
  const subscriptions = new DrizzleSubscriptionsRepository(db);
  if (config.subscribePromoCode !== null) await subscriptions.ensurePromoCode(config.subscribePromoCode, 10);

  const admin = await auth.ensureAdmin(config.adminEmail, config.adminPassword);
  if (admin.created && admin.generatedPassword !== null) {
    options.announce(
      `Создан администратор ${config.adminEmail}. Пароль (показывается один раз): ${admin.generatedPassword}\n` +
        'Задайте ADMIN_EMAIL и ADMIN_PASSWORD, чтобы выбрать их самостоятельно.',
    );
  }
  const publicOrigin = new URL(config.publicUrl).origin;
  const tariffsRepository = new DrizzleTariffsRepository(db);
  const adminClients = new AdminClientsService({
    clients: new DrizzleAdminClientsRepository(db),
    auth,
    audit: new SqlAuditLog(db),
    now,
  });
  return {
    auth,
    clientData: new ClientDataService({
      products,
      cart: new DrizzleCartRepository(db),
      favorites: new DrizzleFavoritesRepository(db),
      viewed: new DrizzleViewedRepository(db),
      accounts,
      secrets: nodeSecrets,
    }),
    orders: new OrdersService({
      orders: ordersRepository,
      products,
      auth,
      mailer,
      secrets: nodeSecrets,
      shop,
      log,
      now,
      tariffs: tariffsRepository,
      payLinks,
      deliverySlots: delivery,
    }),
    delivery,
    deliveryCalendar,
    moveDeliverySlot: moveDeliverySlot({ calendar: deliveryCalendar }),
    adminOrders: adminOrderUseCases({
      orders: new DrizzleAdminOrdersRepository(db),
      promoRules: ordersRepository,
      products,
      clients: auth,
      mailer,
      paymentEffects: payments,
      refunds: payments,
      payLinks,
      shop,
      log,
      now,
    }),
    payments,
    payLinks,
    testCheckout:
      testGateway === null ? null : new TestGatewayCheckout(testGateway, payments, config.publicUrl),
    requests: new RequestsService({
      requests: new DrizzleRequestsRepository(db),
      auth,
      limiter,
      mailer,
      shop,
      log,
    }),
    adminRequests: new AdminRequestsService({
      requests: new DrizzleAdminRequestsRepository(db),
      audit: new SqlAuditLog(db),
      mailer,
      shop,
      now,
    }),
    adminClients,
    clientCard: clientCardUseCases(db, adminClients),
    tariffs: {
      current: () => tariffsRepository.current(),
      save: saveTariffs({ tariffs: tariffsRepository, audit: new SqlAuditLog(db) }),
    },
    adminStaff: adminStaffUseCases({ db, hasher, mailer, shop, log, now, accounts, secondFactor }),
    homeMeasurements: homeMeasurementsUseCases(db),
    subscribe: new SubscribeService({
      subscriptions,
      auth,
      limiter,
      mailer,
      shop,
      log,
      promoCode: config.subscribePromoCode,
    }),
    notifications: new NotificationsService(new DrizzleNotificationsRepository(db), now),
    geo: loadGeoLocator(config.geoDataFile),
    attachments: new CheckedAttachmentStore(options.uploads),
    limiter,
    now,
    backgroundJobs: mailWorker === null ? [refundRetry] : [mailWorker, refundRetry],
    web: {
      publicUrl: config.publicUrl,
      secureCookies: config.publicUrl.startsWith('https://'),
      allowedOrigins: new Set([publicOrigin, ...config.extraOrigins]),
      trustProxy: options.trustProxy,
    },
  };
}

/** Staff accounts and the audit log (docs/staff.md). */
function adminStaffUseCases(deps: {
  readonly db: AppDb;
  readonly hasher: Argon2PasswordHasher;
  readonly mailer: Mailer;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
  readonly now: () => number;
  readonly accounts: DrizzleAccountsRepository;
  readonly secondFactor: SecondFactor;
}): AccountServices['adminStaff'] {
  const staff = new DrizzleStaffDirectory(deps.db);
  const audit = new SqlAuditLog(deps.db);
  return {
    secondFactor: deps.secondFactor,
    async profile(staffId) {
      const user = await deps.accounts.findById(staffId);
      if (user === null || user.staffRole === null) return null;
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.staffRole,
        totpEnabled: user.totpEnabled,
        recoveryCodesLeft: user.totpEnabled ? await deps.secondFactor.recoveryCodesLeft(staffId) : 0,
      };
    },
    list: () => staff.list(),
    create: createStaff({ ...deps, staff, audit, secrets: nodeSecrets }),
    change: changeStaff({ staff, audit, log: deps.log, now: deps.now }),
    resetSecondFactor: resetSecondFactor({ staff, audit, log: deps.log }),
    audit,
  };
}

/** The client card's writes (issue 25, item 9): each use case answers the whole card after it. */
function clientCardUseCases(db: AppDb, adminClients: AdminClientsService): AccountServices['clientCard'] {
  const deps = {
    cards: new DrizzleClientCardRepository(db),
    audit: new SqlAuditLog(db),
    cardOf: (clientId: number) => adminClients.detail(clientId),
  };
  return { changeContacts: changeClientContacts(deps), changeNotes: changeClientNotes(deps) };
}

/** «Поместится?» in the account (issue 23, item 6): read as stored, saved within the shared limits. */
function homeMeasurementsUseCases(db: AppDb): AccountServices['homeMeasurements'] {
  const repository = new DrizzleHomeMeasurementsRepository(db);
  return { find: (clientId) => repository.find(clientId), save: saveHomeMeasurements({ repository }) };
}
