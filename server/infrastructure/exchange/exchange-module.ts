import { PRODUCT_IMAGE_MAX_BYTES } from '../../../api/admin-products';
import type { CarryOutStatusEffects } from '../../application/admin-orders/status-effects';
import type { EventLog } from '../../application/auth.service';
import { type ExchangeEndpoint, ExchangeService } from '../../application/exchange/exchange.service';
import { ExchangeSignIn } from '../../application/exchange/exchange-sign-in';
import { exchangeStatusMove } from '../../application/exchange/exchange-status-move';
import type { FileStore } from '../../application/file-store.port';
import { RenderedPictureStore } from '../admin-catalogue/uploaded-pictures';
import type { Database } from '../db/database';
import { DrizzleAdminOrdersRepository } from '../orders/admin-orders.repository';
import { DbLoginThrottle } from '../rate-limit/db-login-throttle';
import { parseCommerceMl } from './cml-xml';
import type { ExchangeConfig } from './exchange.config';
import { ExchangeAuth } from './exchange-auth';
import { SqlExchangeCatalogue } from './sql-exchange-catalogue';
import { SqlExchangeFiles } from './sql-exchange-files';
import { SqlExchangePictures } from './sql-exchange-pictures';
import { SqlExchangeSale } from './sql-exchange-sale';

/** Wires the 1С / МойСклад exchange to its adapters; null (the endpoint answers 404) when it is off. */
export function createExchangeModule(
  database: Database,
  options: {
    readonly config: ExchangeConfig | null;
    /** The order chart's effects (client mails, payment gates, refunds) after a status move. */
    readonly statusEffects: CarryOutStatusEffects;
    readonly log: EventLog;
    /** Search words, caches of every process (the storefront, the market feed). */
    readonly catalogueChanged: () => Promise<void>;
    /** Where pictures are stored (the media store served at /media/, as the back office's uploads). */
    readonly mediaFiles: FileStore;
    readonly now?: () => number;
  },
): ExchangeEndpoint | null {
  const config = options.config;
  if (config === null) return null;
  const service = new ExchangeService({
    files: new SqlExchangeFiles(database),
    catalogue: new SqlExchangeCatalogue(database),
    pictures: new SqlExchangePictures(database),
    pictureFiles: new RenderedPictureStore(options.mediaFiles),
    sale: new SqlExchangeSale(database),
    moveStatus: exchangeStatusMove({
      orders: new DrizzleAdminOrdersRepository(database.db),
      effects: options.statusEffects,
      log: options.log,
    }),
    parse: parseCommerceMl,
    catalogueChanged: options.catalogueChanged,
    priceTypeName: config.priceType,
    chunkLimit: config.chunkLimit,
    fileLimit: config.fileLimit,
    pictureLimit: PRODUCT_IMAGE_MAX_BYTES,
    step: config.step,
    now: () => new Date(options.now?.() ?? Date.now()),
  });
  const signIn = new ExchangeSignIn(
    new ExchangeAuth(config),
    new DbLoginThrottle(database.db),
    options.now ?? Date.now,
  );
  return { service, signIn, chunkLimit: config.chunkLimit };
}
