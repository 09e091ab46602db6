import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ADMIN_CLIENTS_PORT, type AdminClientsPort } from '../../../src/application/ports/admin-clients.port';
import {
  ADMIN_DELIVERIES_PORT,
  type AdminDeliveriesPort,
} from '../../../src/application/ports/admin-deliveries.port';
import { ADMIN_ORDERS_PORT, type AdminOrdersPort } from '../../../src/application/ports/admin-orders.port';
import { CATALOGUE_PORT, type CataloguePort } from '../../../src/application/ports/catalogue.port';
import {
  KEY_VALUE_STORAGE_PORT,
  type KeyValueStoragePort,
} from '../../../src/application/ports/key-value-storage.port';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { provide, testUseCases } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { memoryStorage } from './admin-fixtures';

/** The ports the order screens' use cases reach; any method a test does not give fails loudly. */
export interface OrderScreenPorts {
  readonly orders?: Partial<AdminOrdersPort>;
  readonly clients?: Partial<AdminClientsPort>;
  /** The delivery calendar the card's «Перенести» reads and moves through. */
  readonly deliveries?: Partial<AdminDeliveriesPort>;
  readonly catalogue?: Partial<CataloguePort>;
  readonly storage?: KeyValueStoragePort;
}

/**
 * Renders an order screen inside a real TanStack router (memory history), with the page's one door
 * (ShopRuntimeProvider) opening onto use cases built from the test's fake ports in a child container.
 */
export async function renderOrderScreen(
  ui: ReactElement,
  path: string,
  ports: OrderScreenPorts = {},
): Promise<RenderResult> {
  const resolve = testUseCases([
    provide(ADMIN_ORDERS_PORT, strictFake<AdminOrdersPort>('AdminOrdersPort', ports.orders ?? {})),
    provide(ADMIN_CLIENTS_PORT, strictFake<AdminClientsPort>('AdminClientsPort', ports.clients ?? {})),
    provide(
      ADMIN_DELIVERIES_PORT,
      strictFake<AdminDeliveriesPort>('AdminDeliveriesPort', ports.deliveries ?? {}),
    ),
    provide(CATALOGUE_PORT, strictFake<CataloguePort>('CataloguePort', ports.catalogue ?? {})),
    provide(KEY_VALUE_STORAGE_PORT, ports.storage ?? memoryStorage()),
  ]);
  const shop = strictFake<ShopRuntime>('ShopRuntime', { resolve });
  const rootRoute = createRootRoute({
    component: () => <ShopRuntimeProvider shop={shop}>{ui}</ShopRuntimeProvider>,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  let result: RenderResult | undefined;
  await act(async () => {
    await router.load();
    result = render(<RouterProvider router={router} />);
  });
  if (!result) throw new Error('render did not run');
  return result;
}
