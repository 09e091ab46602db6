import type { AdminCatalogueServices } from './admin-catalogue-services';
import type { AdminClientsPort } from './ports/admin-clients.port';
import type { AdminOrdersPort } from './ports/admin-orders.port';
import type { AdminRequestsPort } from './ports/admin-requests.port';
import type { KeyValueStoragePort } from './ports/key-value-storage.port';

/**
 * The back office's ports, reached by the /admin routes through the router context
 * (`services.admin`). Only admin route chunks use them; the storefront never calls an admin port.
 * The catalogue admin screens add their ports here.
 */
export interface AdminServices {
  readonly orders: AdminOrdersPort;
  readonly requests: AdminRequestsPort;
  readonly clients: AdminClientsPort;
  /** Products, categories, promo codes, news, pages, dictionaries and content (issue 11). */
  readonly catalogue: AdminCatalogueServices;
  /** The manager's own saved list views live in this browser's storage. */
  readonly storage: KeyValueStoragePort;
}
