import type { DependencyContainer } from 'tsyringe';
import type { AppServices } from '../../src/application/app-services';
import { ADMIN_CATEGORIES_PORT } from '../../src/application/ports/admin-categories.port';
import { ADMIN_CLIENTS_PORT } from '../../src/application/ports/admin-clients.port';
import { ADMIN_CONTENT_PORT } from '../../src/application/ports/admin-content.port';
import { ADMIN_DICTS_PORT } from '../../src/application/ports/admin-dicts.port';
import { ADMIN_NEWS_PORT } from '../../src/application/ports/admin-news.port';
import { ADMIN_ORDERS_PORT } from '../../src/application/ports/admin-orders.port';
import { ADMIN_PAGES_PORT } from '../../src/application/ports/admin-pages.port';
import { ADMIN_PRODUCTS_PORT } from '../../src/application/ports/admin-products.port';
import { ADMIN_PROMO_PORT } from '../../src/application/ports/admin-promo.port';
import { ADMIN_REQUESTS_PORT } from '../../src/application/ports/admin-requests.port';
import { AUTH_PORT } from '../../src/application/ports/auth.port';
import { CART_PORT } from '../../src/application/ports/cart.port';
import { CATALOGUE_PORT } from '../../src/application/ports/catalogue.port';
import { CLIENTS_PORT } from '../../src/application/ports/clients.port';
import { CLOCK_PORT } from '../../src/application/ports/clock.port';
import { FAVOURITES_PORT } from '../../src/application/ports/favourites.port';
import { NEWS_PORT } from '../../src/application/ports/news.port';
import { ORDERS_PORT } from '../../src/application/ports/orders.port';
import { PAGES_PORT } from '../../src/application/ports/pages.port';
import { PAYMENTS_PORT } from '../../src/application/ports/payments.port';
import type { PortToken } from '../../src/application/ports/port-token';
import { REQUESTS_PORT } from '../../src/application/ports/requests.port';
import { SPEECH_RECOGNITION_PORT } from '../../src/application/ports/speech-recognition.port';
import type { UseCaseRunner } from '../../src/application/use-case';
import { createAppContainer, runnerOfUseCases } from '../../src/infrastructure/composition-root';

/** One fake port under its token (typed: the fake must be the port the token stands for). */
export interface PortProvision {
  readonly register: (into: DependencyContainer) => void;
}

export function provide<T>(token: PortToken<T>, port: T): PortProvision {
  return { register: (into) => into.register<T>(token, { useValue: port }) };
}

/**
 * A test's own container (a tsyringe child of the app's, with no browser and no network), its ports
 * the test's fakes: the use cases a view or loader asks for are built from them exactly as the app
 * builds them from its adapters. A port the test did not provide answers like an unreachable server.
 */
function testContainer(provisions: readonly PortProvision[]): DependencyContainer {
  const container = createAppContainer({
    window: null,
    fetch: () => Promise.reject(new TypeError('no network in a test container')),
    logger: { warn() {}, error() {} },
  }).createChildContainer();
  for (const provision of provisions) provision.register(container);
  return container;
}

/** The use cases of a test container (a test runtime's `use`). */
export function testUseCases(provisions: readonly PortProvision[]): UseCaseRunner {
  return runnerOfUseCases(testContainer(provisions));
}

/**
 * Every port of a test's `AppServices` record under its token, so the use cases a screen asks for reach
 * the same fakes the record holds (while screens move from the record to use cases, issue 25). The
 * browser storage is not among them: the shop's own (recording) storage stays the one every machine uses.
 */
export function provisionsOfServices(services: AppServices): PortProvision[] {
  return [
    provide(CATALOGUE_PORT, services.catalogue),
    provide(NEWS_PORT, services.news),
    provide(PAGES_PORT, services.pages),
    provide(AUTH_PORT, services.auth),
    provide(CART_PORT, services.cart),
    provide(CLIENTS_PORT, services.clients),
    provide(FAVOURITES_PORT, services.favourites),
    provide(ORDERS_PORT, services.orders),
    provide(PAYMENTS_PORT, services.payments),
    provide(REQUESTS_PORT, services.requests),
    provide(SPEECH_RECOGNITION_PORT, services.speech),
    provide(CLOCK_PORT, services.clock),
    provide(ADMIN_ORDERS_PORT, services.admin.orders),
    provide(ADMIN_REQUESTS_PORT, services.admin.requests),
    provide(ADMIN_CLIENTS_PORT, services.admin.clients),
    provide(ADMIN_PRODUCTS_PORT, services.admin.catalogue.products),
    provide(ADMIN_CATEGORIES_PORT, services.admin.catalogue.categories),
    provide(ADMIN_NEWS_PORT, services.admin.catalogue.news),
    provide(ADMIN_PROMO_PORT, services.admin.catalogue.promo),
    provide(ADMIN_DICTS_PORT, services.admin.catalogue.dicts),
    provide(ADMIN_PAGES_PORT, services.admin.catalogue.pages),
    provide(ADMIN_CONTENT_PORT, services.admin.catalogue.content),
  ];
}
