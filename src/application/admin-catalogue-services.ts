import type { AdminCategoriesPort } from './ports/admin-categories.port';
import type { AdminContentPort } from './ports/admin-content.port';
import type { AdminDictsPort } from './ports/admin-dicts.port';
import type { AdminNewsPort } from './ports/admin-news.port';
import type { AdminPagesPort } from './ports/admin-pages.port';
import type { AdminProductsPort } from './ports/admin-products.port';
import type { AdminPromoPort } from './ports/admin-promo.port';

/** The merchandising half of the back office (issue 11): the ports its screens reach. */
export interface AdminCatalogueServices {
  readonly products: AdminProductsPort;
  readonly categories: AdminCategoriesPort;
  readonly news: AdminNewsPort;
  readonly promo: AdminPromoPort;
  readonly dicts: AdminDictsPort;
  readonly pages: AdminPagesPort;
  readonly content: AdminContentPort;
}
