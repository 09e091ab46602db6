import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REQUEST_ATTACHMENT_PATH } from '../../api/admin-requests';
import type { EndpointDefinition } from '../../api/endpoint';
import {
  ADMIN_AREAS,
  type AdminArea,
  areaRefusedMessage,
  roleMayOpen,
  STAFF_ROLES,
  type StaffRole,
} from '../../shared-rules/staff-role-rule';
import { contractEndpoints, NOT_ADMIN, WRITE_METHODS } from './support/admin-contract';
import type { Browser, ShopTestApp } from './support/session-client';
import { startShopApp } from './support/session-client';
import { addStaff, signInOwner } from './support/staff';
import { testDrivers } from './support/test-database';

/**
 * Issue 26, item 1: roles are enforced on the server. The admin routes are read from the contract, so
 * a new back-office endpoint without an `area` fails here (and the server refuses to register it).
 * Every role × every admin route: a role that opens the area is let through (whatever the handler then
 * answers: 200, 400, 404 …), any other gets 403 with the area's Russian message — before the body is
 * read, so even a garbage body gets the 403, never a 400 naming fields.
 */
interface AdminRoute {
  readonly method: string;
  readonly path: string;
  readonly area: AdminArea;
}

/** Ids no row has, keys no record has: a let-through call ends in the handler's 404/400, changing nothing. */
const filled = (path: string): string =>
  path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    ['id', 'a', 'b', 'orderId', 'clientId'].includes(name) ? '987654' : 'zzz-none',
  );
const GARBAGE_BODY = { name: '\u0000', ids: 'не список', price: -1.5, status: { $ne: null } };

describe('the contract declares an area for every admin endpoint', () => {
  it('has one on each back-office endpoint and none on the others', async () => {
    const endpoints = await contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(150);
    const missing = endpoints
      .filter(
        (endpoint) => !NOT_ADMIN.has(`${endpoint.method} ${endpoint.path}`) && endpoint.area === undefined,
      )
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    const stray = endpoints
      .filter(
        (endpoint) => NOT_ADMIN.has(`${endpoint.method} ${endpoint.path}`) && endpoint.area !== undefined,
      )
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect({ missing, stray }).toEqual({ missing: [], stray: [] });
  });
});

describe.each(testDrivers())('every role × every admin route (%s)', (driver) => {
  let shop: ShopTestApp;
  let routes: AdminRoute[];
  const staff = {} as Record<StaffRole, Browser>;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    const owner = await signInOwner(shop);
    staff.owner = owner;
    staff.manager = (await addStaff(shop, owner, 'manager', 'manager@shop.test')).browser;
    staff.content = (await addStaff(shop, owner, 'content', 'editor@shop.test')).browser;
    const endpoints = (await contractEndpoints()).filter(
      (endpoint): endpoint is EndpointDefinition & { area: AdminArea } => endpoint.area !== undefined,
    );
    routes = [
      ...endpoints.map(({ method, path, area }) => ({ method, path, area })),
      // The one admin route outside the contract: the request attachment download.
      { method: 'GET', path: ADMIN_REQUEST_ATTACHMENT_PATH, area: 'requests' as const },
    ];
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('covers every area a role can be refused and every route the app registered', () => {
    const registered = new Set(
      shop.app.routeTable.flatMap((route) =>
        (typeof route.method === 'string' ? [route.method] : route.method).map(
          (method) => `${method} ${route.url}`,
        ),
      ),
    );
    const unregistered = routes
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !registered.has(key));
    expect(unregistered).toEqual([]);
    const areasWithRoutes = new Set(routes.map((route) => route.area));
    for (const area of [
      'orders',
      'requests',
      'clients',
      'catalogue',
      'content',
      'promo',
      'staff',
      'common',
    ] as const)
      expect(areasWithRoutes).toContain(area);
    expect(ADMIN_AREAS).toContain('delivery');
  });

  it('lets a role into its areas and refuses the rest with 403 before reading the body', async () => {
    const wrong: string[] = [];
    let refusals = 0;
    let passes = 0;
    for (const role of STAFF_ROLES) {
      for (const route of routes) {
        const url = filled(route.path);
        const body = WRITE_METHODS.has(route.method) ? GARBAGE_BODY : undefined;
        const response = await staff[role].request(route.method as 'GET', url, body);
        const allowed = roleMayOpen(role, route.area);
        if (allowed) {
          passes += 1;
          if (response.statusCode === 401 || response.statusCode === 403)
            wrong.push(
              `${role} ${route.method} ${route.path}: ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        } else {
          refusals += 1;
          const answer = response.statusCode === 403 ? (response.json() as { message?: string }) : {};
          if (answer.message !== areaRefusedMessage(route.area))
            wrong.push(
              `${role} ${route.method} ${route.path}: ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    // The owner passes everywhere; the two narrower roles are each refused somewhere.
    expect(passes).toBeGreaterThan(routes.length);
    expect(refusals).toBeGreaterThan(routes.length / 2);
  });

  it('still signs every role in as themselves (the matrix ended no session)', async () => {
    for (const role of STAFF_ROLES) {
      const state = (await staff[role].get('/api/check-auth')).json() as { staffRole?: string };
      expect(state.staffRole).toBe(role);
    }
  });
});
