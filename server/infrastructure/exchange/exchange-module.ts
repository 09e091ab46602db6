import type { CarryOutStatusEffects } from '../../application/admin-orders/status-effects';
import type { EventLog } from '../../application/auth.service';
import { type ExchangeEndpoint, ExchangeService } from '../../application/exchange/exchange.service';
import { exchangeStatusMove } from '../../application/exchange/exchange-status-move';
import type { Database } from '../db/database';
import { DrizzleAdminOrdersRepository } from '../orders/admin-orders.repository';
import { parseCommerceMl } from './cml-xml';
import type { ExchangeConfig } from './exchange.config';
import { ExchangeAuth } from './exchange-auth';
import { SqlExchangeCatalogue } from './sql-exchange-catalogue';
import { SqlExchangeFiles } from './sql-exchange-files';
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
  },
): ExchangeEndpoint | null {
  const config = options.config;
  if (config === null) return null;
  const service = new ExchangeService({
    files: new SqlExchangeFiles(database),
    catalogue: new SqlExchangeCatalogue(database),
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
    now: () => new Date(),
  });
  return { service, auth: new ExchangeAuth(config), chunkLimit: config.chunkLimit };
}
