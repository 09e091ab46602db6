import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EndpointDefinition } from '../../../api/endpoint';

/**
 * The routes that are not the back office's: public, a client's own, accounts, payments. Every other
 * route under /api is an admin route and must declare its area in the contract (staff-roles test).
 */
export const NOT_ADMIN = new Set([
  // accounts
  'GET /api/check-auth',
  'POST /api/admin-login',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/register',
  'POST /api/forgot-password',
  'POST /api/change-password',
  // the storefront
  'GET /api/categories',
  'GET /api/categories/:id',
  'GET /api/products',
  'GET /api/products/:id',
  'GET /api/products/slug/:slug',
  'GET /api/products/:id/images',
  'GET /api/products/by-ids',
  'GET /api/recommendations/collection',
  'GET /api/recommendations/style',
  'GET /api/search',
  'GET /api/search/suggestions',
  'GET /api/seo/:key',
  'GET /api/popular-tags/:key',
  'GET /api/style-categories',
  'GET /api/style-categories/:slug',
  'GET /api/inspiration-topics',
  'GET /api/news',
  'GET /api/news/:slug',
  'GET /api/pages/:slug',
  'GET /api/geo',
  'GET /api/favorites/share/:hash',
  'POST /api/subscribe',
  'GET /api/openapi.json',
  // a client's own data (authorization-matrix.api.test.ts)
  'GET /api/cart/:clientId',
  'PUT /api/cart/:clientId',
  'GET /api/favorites',
  'POST /api/favorites',
  'POST /api/favorites/share',
  'DELETE /api/favorites/:clientId',
  'DELETE /api/favorites/:clientId/:productId',
  'GET /api/viewed',
  'POST /api/viewed',
  'DELETE /api/viewed',
  'GET /api/client/unread-summary',
  'PATCH /api/client/unread-summary/reset',
  'GET /api/clients/:id',
  'POST /api/orders',
  'POST /api/orders/quote',
  // delivery at checkout (issue 23; delivery-calendar.api.test.ts)
  'GET /api/address/suggest',
  // 152-FZ: the client's own consents, and the analytics settings the storefront reads (docs/privacy.md)
  'GET /api/client/consents',
  'POST /api/client/consents/withdraw',
  'GET /api/analytics-settings',
  'GET /api/delivery/promise',
  'POST /api/delivery/days',
  'POST /api/delivery/carrier-quote',
  // «Поместится?» sizes and the cart's «Привезём …» (issue 23, items 5–6; home-measurements.api.test.ts)
  'GET /api/clients/:id/home-measurements',
  'PUT /api/clients/:id/home-measurements',
  'GET /api/delivery/products',
  // the product page's date and packed box, asked for with the product (issue 27, item 4;
  // product-delivery-by-slug.api.test.ts)
  'GET /api/delivery/products/slug/:slug',
  'GET /api/orders/last-contact',
  'GET /api/orders/:clientId',
  'POST /api/orders/:id/update-address',
  'POST /api/orders/:id/update-userinfo',
  'POST /api/orders/:id/comment',
  'POST /api/requests',
  'GET /api/requests/:clientId',
  'POST /api/requests/:clientId/:id/messages',
  'GET /api/requests/:id/attachment',
  // payments: the shopper, the provider (signed or verified), the test gateway's card page
  'POST /api/payments/create',
  'POST /api/payments/notify/:provider',
  // Telegram's webhook: the secret header Telegram echoes is the credential (staff-alerts.api.test.ts)
  'POST /api/telegram/webhook',
  'GET /api/payments/test-gateway/:paymentId',
  'POST /api/payments/test-gateway/:paymentId/pay',
  'GET /api/payment-options',
  // the signed-in owner's pay page (payment-methods.api.test.ts)
  'GET /api/payments/page/:orderId',
  // a signed pay link: the token in the body is the credential (pay-links.api.test.ts)
  'POST /api/pay-links/:orderId/open',
  'POST /api/pay-links/:orderId/pay',
]);

/** Every endpoint the contract (api/*.ts) defines, read from the modules themselves. */
export async function contractEndpoints(): Promise<EndpointDefinition[]> {
  const folder = resolve(import.meta.dirname, '../../../api');
  const found = new Map<string, EndpointDefinition>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(resolve(folder, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (isEndpoint(value)) found.set(`${value.method} ${value.path}`, value);
    }
  }
  return [...found.values()];
}

function isEndpoint(value: unknown): value is EndpointDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<EndpointDefinition>;
  return (
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    candidate.path.startsWith('/api/') &&
    candidate.response !== undefined
  );
}

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
