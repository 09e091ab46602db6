import type { ClockPort } from '../../application/ports/clock.port';
import type { LoggerPort } from '../../application/ports/logger.port';
import { AdminAlertsHttpAdapter } from './admin-alerts.http-adapter';
import { AdminCategoriesHttpAdapter } from './admin-categories.http-adapter';
import { AdminClientsHttpAdapter } from './admin-clients.http-adapter';
import { AdminConsentsHttpAdapter } from './admin-consents.http-adapter';
import { AdminContentHttpAdapter } from './admin-content.http-adapter';
import { AdminDeliveriesHttpAdapter } from './admin-deliveries.http-adapter';
import { AdminDictsHttpAdapter } from './admin-dicts.http-adapter';
import { AdminNewsHttpAdapter } from './admin-news.http-adapter';
import { AdminOrdersHttpAdapter } from './admin-orders.http-adapter';
import { AdminPagesHttpAdapter } from './admin-pages.http-adapter';
import { AdminProductsHttpAdapter } from './admin-products.http-adapter';
import { AdminPromoHttpAdapter } from './admin-promo.http-adapter';
import { AdminRequestsHttpAdapter } from './admin-requests.http-adapter';
import { AdminStaffHttpAdapter } from './admin-staff.http-adapter';
import { AdminTariffsHttpAdapter } from './admin-tariffs.http-adapter';
import { HttpApiClient, type HttpConfig } from './api-client';
import { AuthHttpAdapter } from './auth.http-adapter';
import { CartHttpAdapter } from './cart.http-adapter';
import { CatalogueHttpAdapter } from './catalogue.http-adapter';
import { ClientsHttpAdapter } from './clients.http-adapter';
import { ConsentsHttpAdapter } from './consents.http-adapter';
import { DeliveryHttpAdapter } from './delivery.http-adapter';
import { FavouritesHttpAdapter } from './favourites.http-adapter';
import { GeoHttpAdapter } from './geo.http-adapter';
import { NewsHttpAdapter } from './news.http-adapter';
import { NotificationsSummaryHttpAdapter } from './notifications-summary.http-adapter';
import { OrdersHttpAdapter } from './orders.http-adapter';
import { PagesHttpAdapter } from './pages.http-adapter';
import { PaymentsHttpAdapter } from './payments.http-adapter';
import { RequestsHttpAdapter } from './requests.http-adapter';
import { SubscribeHttpAdapter } from './subscribe.http-adapter';
import { ViewedHttpAdapter } from './viewed.http-adapter';

/**
 * Every HTTP adapter over one shared client. The composition root loads this module with a dynamic
 * import, so effect, the api/ contract and the adapters form their own chunk that the first paint
 * does not wait for (stack.md: keep what the first paint does not need out of the entry chunk).
 */
export function createHttpAdapters(config: HttpConfig, logger: LoggerPort, clock: ClockPort) {
  const api = new HttpApiClient(config);
  return {
    adminAlerts: new AdminAlertsHttpAdapter(api),
    adminClients: new AdminClientsHttpAdapter(api),
    adminConsents: new AdminConsentsHttpAdapter(api),
    adminCategories: new AdminCategoriesHttpAdapter(api),
    adminContent: new AdminContentHttpAdapter(api),
    adminDeliveries: new AdminDeliveriesHttpAdapter(api),
    adminDicts: new AdminDictsHttpAdapter(api, config.baseUrl),
    adminNews: new AdminNewsHttpAdapter(api),
    adminOrders: new AdminOrdersHttpAdapter(api),
    adminPages: new AdminPagesHttpAdapter(api),
    adminProducts: new AdminProductsHttpAdapter(api, config.baseUrl),
    adminPromo: new AdminPromoHttpAdapter(api),
    adminStaff: new AdminStaffHttpAdapter(api),
    adminTariffs: new AdminTariffsHttpAdapter(api),
    adminRequests: new AdminRequestsHttpAdapter(api),
    auth: new AuthHttpAdapter(api),
    cart: new CartHttpAdapter(api, logger),
    catalogue: new CatalogueHttpAdapter(api),
    clients: new ClientsHttpAdapter(api, logger),
    consents: new ConsentsHttpAdapter(api),
    favourites: new FavouritesHttpAdapter(api, logger),
    geo: new GeoHttpAdapter(api),
    delivery: new DeliveryHttpAdapter(api),
    news: new NewsHttpAdapter(api, clock),
    notificationsSummary: new NotificationsSummaryHttpAdapter(api),
    orders: new OrdersHttpAdapter(api, logger),
    pages: new PagesHttpAdapter(api),
    payments: new PaymentsHttpAdapter(api),
    requests: new RequestsHttpAdapter(api),
    subscribe: new SubscribeHttpAdapter(api),
    viewed: new ViewedHttpAdapter(api, logger),
  };
}

export type HttpAdapters = ReturnType<typeof createHttpAdapters>;

// In this chunk rather than the entry: it decodes the document's answers with effect's Schema.
export { pageBootstrapFetch } from './bootstrap-fetch';
