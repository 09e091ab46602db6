import type { AdminArea } from '../../shared-rules/staff-role-rule';

/**
 * The back-office area an audit entry belongs to, from the kind of thing it changed — so the log can be
 * filtered by area (docs/staff.md «The audit log») without every writer naming one. An unknown kind is
 * `null`: it shows only when no area is chosen.
 */
const AREA_OF_ENTITY: Readonly<Record<string, AdminArea>> = {
  order: 'orders',
  payment: 'orders',
  request: 'requests',
  client: 'clients',
  product: 'catalogue',
  'product-bulk': 'catalogue',
  'product-import': 'catalogue',
  category: 'catalogue',
  'category-ref': 'catalogue',
  dict: 'catalogue',
  redirect: 'catalogue',
  news: 'content',
  page: 'content',
  seo: 'content',
  'style-category': 'content',
  'popular-tags': 'content',
  promo: 'promo',
  staff: 'staff',
  'delivery-day': 'delivery',
  delivery_day: 'delivery',
  delivery_settings: 'delivery',
  settings: 'settings',
  tariffs: 'settings',
};

export const auditAreaOf = (entityType: string): AdminArea | null =>
  Object.hasOwn(AREA_OF_ENTITY, entityType) ? (AREA_OF_ENTITY[entityType] ?? null) : null;
