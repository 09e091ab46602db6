import type { FastifyInstance } from 'fastify';
import { CrawlerFilesService } from './application/crawler-files.service';
import type { FileStore } from './application/file-store.port';
import type { Mailer } from './application/mailer.port';
import { NO_TRUSTED_PROXIES, type TrustedProxies } from './domain/client-ip';
import { buildApp, type RouteModule } from './http/app';
import type { PageDocumentOptions } from './http/page-document';
import { PageDocumentCache } from './http/page-document-cache';
import { adminAlertsRoutes } from './http/routes/admin-alerts.routes';
import { adminCategoriesRoutes } from './http/routes/admin-categories.routes';
import { adminConsentsRoutes } from './http/routes/admin-consents.routes';
import { adminContentRoutes, redirectRoutes } from './http/routes/admin-content.routes';
import { adminDictsRoutes } from './http/routes/admin-dicts.routes';
import { adminProductsRoutes } from './http/routes/admin-products.routes';
import { adminPromoRoutes } from './http/routes/admin-promo.routes';
import { adminRedirectsRoutes } from './http/routes/admin-redirects.routes';
import { analyticsRoutes } from './http/routes/analytics.routes';
import { catalogueRoutes } from './http/routes/catalogue.routes';
import { consentRoutes } from './http/routes/consent.routes';
import { contentRoutes } from './http/routes/content.routes';
import { crawlerFilesRoutes } from './http/routes/crawler-files.routes';
import { exchangeRoutes } from './http/routes/exchange.routes';
import { searchRoutes } from './http/routes/search.routes';
import { ipOf } from './http/routes/session.hooks';
import { accountRouteModules, sessionSettingsOf } from './http/routes/session.modules';
import { telegramWebhookRoutes } from './http/routes/telegram-webhook.routes';
import {
  type AccountsModuleOptions,
  createAccountsModule,
  ForwardingLog,
} from './infrastructure/accounts.composition';
import { type AccountsConfig, readAccountsConfig } from './infrastructure/accounts.config';
import {
  announceCatalogueChange,
  createAdminCatalogueModule,
} from './infrastructure/admin-catalogue/admin-catalogue-module';
import { SqlDictStore } from './infrastructure/admin-catalogue/sql-dicts';
import { createAlertsModule } from './infrastructure/alerts/alerts.composition';
import { type AlertsConfig, readAlertsConfig } from './infrastructure/alerts/alerts.config';
import type { AlertWorkerSettings } from './infrastructure/alerts/staff-alert-worker';
import { type AnalyticsConfig, readAnalyticsConfig } from './infrastructure/analytics.config';
import { createCatalogueModule, demoMediaUrls } from './infrastructure/catalogue/catalogue-module';
import { foldLexiconChanges } from './infrastructure/catalogue/sql-search-index';
import type { ServerConfig } from './infrastructure/config';
import { DrizzleConsentLedger } from './infrastructure/consent/consent-ledger.repository';
import { SqlCrawlerSource } from './infrastructure/crawler/sql-crawler-source';
import type { Database } from './infrastructure/db/database';
import { DrizzleTariffsRepository } from './infrastructure/delivery/tariffs.repository';
import { type ExchangeConfig, readExchangeConfig } from './infrastructure/exchange/exchange.config';
import { createExchangeModule } from './infrastructure/exchange/exchange-module';
import { diskFileStores, type FileStores } from './infrastructure/file-store/open-file-stores';
import { loggerOptions } from './infrastructure/logging/personal-data';
import { createReadinessProbe } from './infrastructure/readiness';
import { generateDemoContent } from './infrastructure/seed/demo-content';
import { renderDemoImages } from './infrastructure/seed/product-images';
import { CONSENT_PAGES, REQUIRED_PAGE_SLUGS, REQUIRED_PAGES } from './infrastructure/seed/required-pages';
import {
  hasStaticPages,
  isCatalogueEmpty,
  seedDatabase,
  seedPagesOnly,
} from './infrastructure/seed/seed-database';

/**
 * The server's composition root: adapters are created here and handed to use cases, use cases to
 * route modules. To add routes, build a RouteModule in its own file under server/http/routes and add
 * it to `routeModules` below.
 */
export interface ServerParts {
  readonly app: FastifyInstance;
  readonly database: Database;
}

export const DEMO_SEED = 20_261_122;

/**
 * Seeds the demo catalogue into an empty database and renders its pictures into the media store (kept
 * when present). main.ts runs it under the start-up lock, so of several processes only one seeds.
 */
export async function seedIfEmpty(
  database: Database,
  config: Pick<ServerConfig, 'seedProducts'>,
  media: FileStore,
  log: (message: string) => void,
): Promise<void> {
  await seedCatalogueIfEmpty(database, config, media, log);
  // The consent documents the ledger points at (issue 26, item 3), added to a shop that predates them.
  await seedPagesOnly(database, CONSENT_PAGES);
  // The product form's reference lists (colours, materials…) come filled, not after a button press.
  if (await new SqlDictStore(database).fillIfEmpty()) log('Справочники заполнены из товаров.');
}

async function seedCatalogueIfEmpty(
  database: Database,
  config: Pick<ServerConfig, 'seedProducts'>,
  media: FileStore,
  log: (message: string) => void,
): Promise<void> {
  if (!(await isCatalogueEmpty(database))) return;
  // A shop that started empty keeps its pages; a later start with SEED_PRODUCTS set adds no demo to it.
  if (await hasStaticPages(database)) return;
  if (config.seedProducts === 0) {
    // A real shop (SEED_PRODUCTS=0, the container's default): the administrator and the pages the law
    // asks for, nothing else — no demo catalogue, news, promo codes (docs/operations.md).
    await seedPagesOnly(database, REQUIRED_PAGES);
    log(
      `Пустой магазин (SEED_PRODUCTS=0): без демо-каталога, новостей и промокодов. Созданы обязательные страницы — ` +
        `проверьте реквизиты и условия в /admin/static-pages перед открытием: ${REQUIRED_PAGE_SLUGS.join(', ')}.`,
    );
    return;
  }
  log(`Пустая база: заполняю демо-каталог (${config.seedProducts} товаров)…`);
  const content = generateDemoContent({ products: config.seedProducts, seed: DEMO_SEED });
  // Pictures first, the catalogue last in one transaction: a start stopped midway leaves no catalogue
  // (the next start seeds again and renders only the pictures still missing), never a catalogue whose
  // pictures are half rendered for good.
  const images = await renderDemoImages(media, content);
  const report = await seedDatabase(database, content, { replace: false });
  log(
    `Демо-каталог готов: ${report.categories} категорий, ${report.products} товаров, ${report.news} материалов, ` +
      `${images.rendered} новых изображений за ${Math.round(report.milliseconds / 100) / 10} с.`,
  );
}

/** How the shop names itself in the Yandex Market feed. */
const CRAWLER_SHOP = { name: 'Дом и Стиль', company: 'Дом и Стиль' } as const;

export async function createServer(
  database: Database,
  config: Pick<ServerConfig, 'dataDir' | 'clientDir' | 'logLevel' | 'cacheEntries' | 'cacheTtlMs'> & {
    /** CACHE_MB in bytes: the catalogue read cache's weight; bounded by entries only when absent (tests). */
    readonly cacheBytes?: number;
    /** PAGE_CACHE_MB in bytes: anonymous page documents kept per process; none when absent (tests). */
    readonly pageCacheBytes?: number;
    /** TRUST_PROXY as parsed by readConfig; no proxy is trusted when absent. */
    readonly trustProxy?: TrustedProxies;
    /** Pictures and attachments; on disk under dataDir (media/, uploads/) when absent. */
    readonly files?: FileStores;
    readonly logger?: boolean;
    /** Accounts, mail and payments; read from the environment when absent. */
    readonly accounts?: AccountsConfig;
    /** Replaces the mailer (tests capture messages). */
    readonly mailer?: Mailer;
    /** The mail worker's timing and SMTP timeouts (tests shorten them). */
    readonly mailDelivery?: AccountsModuleOptions['mailDelivery'];
    /** Alerts to staff (TELEGRAM_BOT_TOKEN, SHOP_ALERT_EMAIL …); read from the environment when absent. */
    readonly alerts?: AlertsConfig;
    /** The alert worker's timing (tests shorten it). */
    readonly alertDelivery?: AlertWorkerSettings;
    /** Where pino writes (tests capture the log to check it holds no secrets). */
    readonly logStream?: { write(line: string): void };
    readonly now?: () => number;
    /** Lines for the operator (the generated administrator password); main.ts logs them as JSON. */
    readonly announce?: (message: string) => void;
    /** The page documents' render deadlines (tests force a page out without its content). */
    readonly pageDocument?: PageDocumentOptions;
    /** The 1С / МойСклад exchange account (null: off); read from the environment when absent. */
    readonly exchange?: ExchangeConfig | null;
    /** Address suggestions and the carrier (tests give local fakes). */
    readonly deliveryServices?: AccountsModuleOptions['deliveryServices'];
    /** METRIKA_COUNTER_ID; read from the environment when absent. */
    readonly analytics?: AnalyticsConfig;
  },
): Promise<ServerParts> {
  const catalogueModule = createCatalogueModule(database, config);
  const files = config.files ?? diskFileStores(config.dataDir);
  const trustProxy = config.trustProxy ?? NO_TRUSTED_PROXIES;
  const accountsConfig = config.accounts ?? readAccountsConfigOrThrow();
  const accountsLog = new ForwardingLog();
  const accounts = await createAccountsModule(database, accountsConfig, {
    dataDir: config.dataDir,
    uploads: files.uploads,
    trustProxy,
    imageUrl: (key) => demoMediaUrls.url(key),
    log: accountsLog,
    announce: config.announce ?? (() => {}),
    ...(config.mailer ? { mailer: config.mailer } : {}),
    ...(config.mailDelivery ? { mailDelivery: config.mailDelivery } : {}),
    ...(config.now ? { now: config.now } : {}),
    ...(config.deliveryServices ? { deliveryServices: config.deliveryServices } : {}),
  });
  const now = config.now ?? Date.now;
  // The feed's delivery options follow the tariffs the owner edits (issue 23).
  const feedTariffs = new DrizzleTariffsRepository(database.db);
  const crawlerFiles = new CrawlerFilesService(
    new SqlCrawlerSource(database, demoMediaUrls),
    CRAWLER_SHOP,
    () => new Date(now()),
    async () => (await feedTariffs.current()).tariffs,
  );
  // Anonymous page documents (issue 27, item 3), dropped with the catalogue caches they were drawn from.
  const pageCache = new PageDocumentCache(config.pageCacheBytes ?? 0);
  // Every catalogue change (here or announced by another process) drops the market feed too.
  const invalidateCatalogue = () => {
    catalogueModule.invalidate();
    crawlerFiles.invalidateFeed();
    pageCache.clear();
  };
  const alerts = await createAlertsModule({
    db: database.db,
    config: config.alerts ?? readAlertsConfigOrThrow(),
    publicUrl: accountsConfig.publicUrl,
    log: accountsLog,
    ...(config.alertDelivery ? { worker: config.alertDelivery } : {}),
    ...(config.now ? { now: config.now } : {}),
  });
  const adminCatalogue = createAdminCatalogueModule(database, {
    invalidateCatalogue,
    media: demoMediaUrls,
    mediaFiles: files.media,
  });
  const adminSettings = sessionSettingsOf(accounts);
  const exchange = createExchangeModule(database, {
    config: config.exchange === undefined ? readExchangeConfigOrThrow() : config.exchange,
    statusEffects: accounts.adminOrders.statusEffects,
    log: accountsLog,
    mediaFiles: files.media,
    ...(config.now ? { now: config.now } : {}),
    // An import is a catalogue write like the back office's: new search words, then every process's caches.
    catalogueChanged: async () => {
      try {
        await foldLexiconChanges(database);
      } finally {
        invalidateCatalogue();
      }
      await announceCatalogueChange(database, 'exchange');
    },
  });
  const consentLedger = new DrizzleConsentLedger(database.db);
  const analytics = config.analytics ?? readAnalyticsConfigOrThrow();
  const routeModules: RouteModule[] = [
    redirectRoutes(adminCatalogue.redirects),
    catalogueRoutes(catalogueModule.catalogue),
    contentRoutes(catalogueModule.catalogue),
    searchRoutes(catalogueModule.search),
    ...accountRouteModules(accounts),
    // The back office's catalogue, one route file per resource (issue 25).
    adminProductsRoutes(adminSettings, adminCatalogue.admin, adminCatalogue.exportHeaders),
    adminCategoriesRoutes(adminSettings, adminCatalogue.admin),
    adminRedirectsRoutes(adminSettings, adminCatalogue.admin),
    adminPromoRoutes(adminSettings, adminCatalogue.admin),
    adminDictsRoutes(adminSettings, adminCatalogue.admin),
    adminContentRoutes(adminSettings, adminCatalogue.admin),
    crawlerFilesRoutes(crawlerFiles, accountsConfig.publicUrl),
    exchangeRoutes(exchange, trustProxy),
    adminAlertsRoutes(adminSettings, alerts.settings),
    telegramWebhookRoutes(alerts.webhookSecret, alerts.settings),
    consentRoutes(adminSettings, consentLedger),
    adminConsentsRoutes(adminSettings, consentLedger),
    analyticsRoutes(analytics),
  ];
  const app = await buildApp({
    routeModules,
    clientDir: config.clientDir,
    media: files.media,
    publicUrl: accountsConfig.publicUrl,
    // Personal data is redacted and masked in every log line (infrastructure/logging/personal-data.ts).
    logger: config.logger === false ? false : loggerOptions(config.logLevel, config.logStream),
    trustProxy,
    readiness: createReadinessProbe(database, files.media),
    pageDocument: {
      ...config.pageDocument,
      cache: pageCache,
      // The document carries the city of the visitor's address (the shell's city detection).
      cityOf: (request) => accounts.geo.cityForIp(ipOf(request, adminSettings)),
    },
    metrika: analytics.metrikaCounterId !== null,
  });
  accountsLog.attach(app.log);
  // Catalogue writes made by another server process on the same PostgreSQL drop this one's caches.
  const stopListening = await adminCatalogue.listenForOtherProcesses();
  app.addHook('onClose', stopListening);
  // The mail worker runs while the app does; closing the app stops it (main.ts closes on SIGTERM).
  const backgroundJobs = [...accounts.backgroundJobs, ...alerts.backgroundJobs];
  for (const job of backgroundJobs) job.start();
  app.addHook('onClose', async () => {
    for (const job of backgroundJobs) await job.stop();
  });
  return { app, database };
}

function readAnalyticsConfigOrThrow(): AnalyticsConfig {
  const result = readAnalyticsConfig(process.env);
  if (!result.ok) throw new Error(result.message);
  return result.config;
}

function readExchangeConfigOrThrow(): ExchangeConfig | null {
  const result = readExchangeConfig(process.env);
  if (!result.ok) throw new Error(result.message);
  return result.config;
}

function readAlertsConfigOrThrow(): AlertsConfig {
  const result = readAlertsConfig(process.env);
  if (!result.ok) throw new Error(result.message);
  return result.config;
}

function readAccountsConfigOrThrow(): AccountsConfig {
  const result = readAccountsConfig(process.env);
  if (!result.ok) throw new Error(result.message);
  return result.config;
}
