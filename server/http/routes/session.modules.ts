import { AbuseLimits } from '../../application/abuse-limits';
import type { AccountServices } from '../../application/accounts.services';
import type { RouteModule } from '../app';
import { adminClientCardRoutes } from './admin-client-card.routes';
import { adminClientsRoutes } from './admin-clients.routes';
import { adminDeliveriesRoutes } from './admin-deliveries.routes';
import { adminOrderDetailsRoutes } from './admin-order-details.routes';
import { adminOrderExportsRoutes } from './admin-order-exports.routes';
import { adminOrderLinesRoutes } from './admin-order-lines.routes';
import { adminOrderMoneyRoutes } from './admin-order-money.routes';
import { adminOrderStatusRoutes } from './admin-order-status.routes';
import { adminOrdersRoutes } from './admin-orders.routes';
import { adminOrdersBulkRoutes } from './admin-orders-bulk.routes';
import { adminRequestsRoutes } from './admin-requests.routes';
import { adminStaffRoutes } from './admin-staff.routes';
import { adminTariffsRoutes } from './admin-tariffs.routes';
import { authRoutes } from './auth.routes';
import { cartRoutes } from './cart.routes';
import { deliveryRoutes } from './delivery.routes';
import { favoritesRoutes } from './favorites.routes';
import { geoRoutes } from './geo.routes';
import { homeMeasurementsRoutes } from './home-measurements.routes';
import { notificationsRoutes } from './notifications.routes';
import { ordersRoutes } from './orders.routes';
import { payLinksRoutes } from './pay-links.routes';
import { paymentsRoutes } from './payments.routes';
import { requestsRoutes } from './requests.routes';
import type { SessionSettings } from './session.hooks';
import { subscribeRoutes } from './subscribe.routes';

/**
 * The route modules of accounts, client data, orders, payments, requests, subscription, geo and
 * notifications, in registration order (auth first: it installs the cookie parser and CSRF guard).
 */
export function accountRouteModules(services: AccountServices): RouteModule[] {
  const settings = sessionSettingsOf(services);
  const abuse = new AbuseLimits(services.limiter);
  return [
    authRoutes(settings),
    cartRoutes(settings, services.clientData),
    homeMeasurementsRoutes(settings, services.homeMeasurements),
    favoritesRoutes(settings, services.clientData, services.limiter),
    ordersRoutes(settings, services.orders, abuse),
    adminOrdersRoutes(settings, services.adminOrders),
    adminOrderExportsRoutes(settings, services.adminOrders),
    adminOrderStatusRoutes(settings, services.adminOrders),
    adminOrderDetailsRoutes(settings, services.adminOrders),
    adminOrderLinesRoutes(settings, services.adminOrders),
    adminOrderMoneyRoutes(settings, services.adminOrders),
    adminOrdersBulkRoutes(settings, services.adminOrders),
    paymentsRoutes(settings, services.payments, services.testCheckout),
    payLinksRoutes(settings, services.payLinks, services.payments, services.adminOrders, services.limiter),
    requestsRoutes(settings, services.requests, services.attachments, abuse),
    adminRequestsRoutes(settings, services.adminRequests, services.attachments),
    adminClientsRoutes(settings, services.adminClients),
    adminClientCardRoutes(settings, services.clientCard),
    adminTariffsRoutes(settings, services.tariffs),
    adminStaffRoutes(settings, services.adminStaff),
    subscribeRoutes(settings, services.subscribe, abuse),
    geoRoutes(settings, services.geo),
    deliveryRoutes(settings, services.delivery, services.limiter),
    adminDeliveriesRoutes(settings, services.deliveryCalendar, services.moveDeliverySlot),
    notificationsRoutes(settings, services.notifications),
  ];
}

/** The session settings every route module with signed-in callers shares (also the back office's). */
export function sessionSettingsOf(services: AccountServices): SessionSettings {
  return {
    auth: services.auth,
    trustedProxies: services.web.trustProxy,
    secureCookies: services.web.secureCookies,
    allowedOrigins: services.web.allowedOrigins,
    now: services.now,
  };
}
