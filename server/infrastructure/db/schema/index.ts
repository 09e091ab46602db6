/**
 * The one pg-core schema of the server, grouped by area. Each group lives in its own
 * `<group>.schema.ts`; add a group by re-exporting it here (drizzle-kit and the query code read this file).
 */

export * from './abuse-outbox.schema';
export * from './accounts.schema';
export * from './admin-catalogue.schema';
export * from './audit.schema';
export * from './catalog.schema';
export * from './client-data.schema';
export * from './client-notes.schema';
export * from './consent.schema';
export * from './content.schema';
export * from './delivery.schema';
export * from './delivery-tariffs.schema';
export * from './exchange.schema';
export * from './home-measurements.schema';
export * from './orders.schema';
export * from './requests.schema';
export * from './search.schema';
export * from './staff-alerts.schema';
export * from './stock.schema';
