import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fc } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { Arbitrary, Effect, Exit, Schema } from 'effect';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractSchema, EndpointDefinition } from '../../api/endpoint';
import { ApiError } from '../../api/errors';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  PUBLIC_URL,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 12, «Proven»: every route of the contract, sent valid and hostile requests derived from its
 * api/ Schemas, as a guest, a client and the administrator, never answers 5xx, and a refused (4xx)
 * request changes nothing in the database.
 *
 * - Routes: every endpoint definition exported from api/*.ts that the running app registered (the
 *   OpenAPI document is generated from the contract router's registry), so endpoints added later are
 *   fuzzed without touching this file.
 * - Valid requests: values generated from each endpoint's params, query and body schemas (effect's
 *   `Arbitrary.schema`), encoded to the wire with the same schemas.
 * - Hostile requests (fast-check): a field replaced by a wrong type, a control character, NUL, a huge
 *   string, a fractional, negative or huge number, deep nesting; a field removed; an extra field;
 *   malformed JSON, invalid UTF-8, a wrong content type, multipart without a boundary or truncated;
 *   path and query values that are fractional, negative, huge, repeated or badly percent-encoded.
 * - State: a checksum of every table (count and hash of the rows) is taken before and after each
 *   request; a 4xx must leave it unchanged. Tables that change on refusal by design (sessions,
 *   rate-limit and failed-login counters, server secrets) are left out, and the mail outbox and the
 *   staff alerts' events and deliveries — which background workers update — by their row count only.
 *
 * Bounded: see `runsPerRoute`; FUZZ_SEED picks other inputs, FUZZ_ROUTE narrows a run to some routes.
 */
/**
 * Requests per route: FUZZ_RUNS when set, else a budget of FUZZ_REQUESTS (default 1000) shared by the
 * routes, 6–20 each, so the file stays near a minute on PGlite as endpoints are added.
 */
const REQUEST_BUDGET = Number(process.env.FUZZ_REQUESTS ?? 1000);
const runsPerRoute = (routeCount: number): number =>
  process.env.FUZZ_RUNS
    ? Number(process.env.FUZZ_RUNS)
    : Math.max(6, Math.min(20, Math.round(REQUEST_BUDGET / Math.max(routeCount, 1))));
/** Fixed, so a CI failure reproduces; FUZZ_SEED explores other inputs. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** FUZZ_ROUTE=admin-news: only the routes whose name (file.export) contains it, to chase one failure. */
const ONLY_ROUTE = process.env.FUZZ_ROUTE;
const VALID_SAMPLES = 4;
const isApiError = Schema.is(ApiError);

type Role = 'guest' | 'client' | 'admin';

interface Route {
  readonly name: string;
  readonly endpoint: EndpointDefinition;
  readonly validParams: readonly Record<string, string>[];
  readonly validQuery: readonly Record<string, unknown>[];
  readonly validBody: readonly unknown[];
}

interface FuzzRequest {
  readonly role: Role;
  readonly method: InjectOptions['method'];
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string | Buffer;
  readonly label: string;
}

// ---- the contract's routes ------------------------------------------------------------------------

function isEndpoint(value: unknown): value is EndpointDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<EndpointDefinition>;
  return (
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    candidate.path.startsWith('/api/') &&
    candidate.response !== undefined &&
    Schema.isSchema(candidate.response)
  );
}

async function contractEndpoints(): Promise<{ name: string; endpoint: EndpointDefinition }[]> {
  const found = new Map<string, { name: string; endpoint: EndpointDefinition }>();
  const folder = resolve('api');
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const module = (await import(resolve(folder, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!isEndpoint(value)) continue;
      const key = `${value.method} ${value.path}`;
      if (!found.has(key)) found.set(key, { name: `${file.replace(/\.ts$/, '')}.${name}`, endpoint: value });
    }
  }
  return [...found.values()];
}

const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Wire values generated from a schema: decoded-side values encoded back to what travels. */
async function wireSamples(schema: ContractSchema | undefined, seed: number): Promise<unknown[]> {
  if (!schema) return [];
  try {
    const values = await Effect.runPromise(
      Arbitrary.sampleEffect(Arbitrary.schema(schema), { count: VALID_SAMPLES, seed, size: 8 }),
    );
    const encode = Schema.encodeUnknownExit(schema);
    return values.flatMap((value) => {
      const exit = encode(value);
      return Exit.isSuccess(exit) ? [exit.value] : [];
    });
  } catch {
    // A schema the generator cannot satisfy (a custom filter) is fuzzed with hostile values only.
    return [];
  }
}

// ---- hostile values -------------------------------------------------------------------------------

function nested(depth: number): unknown {
  let value: unknown = 'дно';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

const HOSTILE_JSON_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  9_007_199_254_740_992,
  2_147_483_648,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mкрасный',
  '\u0007\u0008',
  'x'.repeat(70_000),
  '\ud800',
  '١٢٣',
  '1.5',
  '-1',
  '1e3',
  'NaN',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '+7 (921) 555-44-33',
  '----------',
  [],
  [null, 1, 'a'],
  {},
  { __proto__: { polluted: true } },
  nested(40),
  nested(400),
];

const HOSTILE_URL_VALUES: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '2147483648',
  'NaN',
  'Infinity',
  '',
  '%20',
  '%00',
  'a%00b',
  '%1B%5B31m',
  '%FF%FE',
  '%E0%A4%A',
  '%',
  'x'.repeat(3000),
  '%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD',
  '..%2F..%2Fetc%2Fpasswd',
  'true',
  '[]',
];

const MALFORMED_BODIES: readonly { contentType: string; payload: string | Buffer; label: string }[] = [
  { contentType: 'application/json', payload: '{"broken": ', label: 'truncated JSON' },
  { contentType: 'application/json', payload: '{"a":1}}', label: 'trailing brace' },
  { contentType: 'application/json', payload: '', label: 'empty JSON' },
  { contentType: 'application/json', payload: 'null', label: 'JSON null' },
  { contentType: 'application/json', payload: '"text"', label: 'JSON string' },
  { contentType: 'application/json', payload: '[1,2,3]', label: 'JSON array' },
  { contentType: 'application/json', payload: '{"a":1,"a":2}', label: 'duplicate keys' },
  { contentType: 'application/json', payload: '{"__proto__":{"admin":true}}', label: 'proto key' },
  { contentType: 'application/json', payload: '['.repeat(20_000), label: 'deep brackets' },
  {
    contentType: 'application/json',
    payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    label: 'deep arrays',
  },
  {
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    label: 'invalid UTF-8',
  },
  { contentType: 'application/json', payload: '{"a":"\\u0000"}', label: 'escaped NUL' },
  {
    contentType: 'application/json',
    payload: `{"id":1${'0'.repeat(400)},"quantity":1e999}`,
    label: 'huge numbers',
  },
  { contentType: 'application/json; charset=latin1', payload: '{}', label: 'latin1 charset' },
  { contentType: 'text/plain', payload: '{}', label: 'text/plain' },
  { contentType: 'application/xml', payload: '<a/>', label: 'xml' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2', label: 'form' },
  { contentType: 'multipart/form-data', payload: '--x\r\n\r\n', label: 'multipart without boundary' },
  {
    contentType: 'multipart/form-data; boundary=XYZ',
    payload: '--XYZ\r\nContent-Disposition: form-data; name="subject"\r\n\r\nТема',
    label: 'truncated multipart',
  },
  {
    contentType: 'multipart/form-data; boundary=XYZ',
    payload:
      '--XYZ\r\nContent-Disposition: form-data; name="attachment"; filename="a.pdf"\r\n' +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4 trunc',
    label: 'truncated multipart file',
  },
  {
    contentType: 'multipart/form-data; boundary=XYZ',
    payload: '--XYZ\r\nContent-Disposition: form-data; name="subject"\r\n\r\na\u0000b\r\n--XYZ--\r\n',
    label: 'multipart with NUL',
  },
  { contentType: 'multipart/form-data; boundary=XYZ', payload: 'garbage', label: 'multipart garbage' },
];

// ---- building requests ----------------------------------------------------------------------------

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => params[name] ?? '1');
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Every path to a value inside a JSON value, for replacing or removing one. */
function pathsOf(value: unknown, prefix: readonly (string | number)[] = []): (string | number)[][] {
  if (prefix.length > 6) return [];
  const paths: (string | number)[][] = [];
  if (Array.isArray(value)) {
    value.forEach((member, index) => {
      paths.push([...prefix, index], ...pathsOf(member, [...prefix, index]));
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) {
      paths.push([...prefix, key], ...pathsOf(member, [...prefix, key]));
    }
  }
  return paths;
}

function withValueAt(
  root: unknown,
  path: readonly (string | number)[],
  value: unknown | typeof REMOVE,
): unknown {
  if (path.length === 0) return value === REMOVE ? undefined : value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    const index = Number(head);
    if (rest.length === 0 && value === REMOVE) copy.splice(index, 1);
    else copy[index] = withValueAt(copy[index], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = { ...asRecord(root) };
  const key = String(head);
  if (rest.length === 0 && value === REMOVE) delete copy[key];
  else copy[key] = withValueAt(copy[key], rest, value);
  return copy;
}
const REMOVE = Symbol('remove');

function requestArbitrary(route: Route): fc.Arbitrary<FuzzRequest> {
  const { endpoint } = route;
  const roleArb = fc.constantFrom<Role>('guest', 'client', 'admin');
  const paramsArb = route.validParams.length > 0 ? fc.constantFrom(...route.validParams) : fc.constant({});
  const queryArb = route.validQuery.length > 0 ? fc.constantFrom(...route.validQuery) : fc.constant({});
  const bodyArb = route.validBody.length > 0 ? fc.constantFrom(...route.validBody) : fc.constant({});
  const base = fc.record({ role: roleArb, params: paramsArb, query: queryArb, body: bodyArb });
  const hostileJson = fc.constantFrom(...HOSTILE_JSON_VALUES);
  const hostileUrl = fc.constantFrom(...HOSTILE_URL_VALUES);
  const paramNames = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';

  const make = (
    label: string,
    role: Role,
    params: Record<string, string>,
    query: string,
    body: { contentType: string; payload: string | Buffer } | undefined,
    rawParams: Record<string, string> = {},
  ): FuzzRequest => {
    const encodedParams: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) encodedParams[name] = encodeURIComponent(value);
    return {
      role,
      method: endpoint.method,
      url: `${fillPath(endpoint.path, { ...encodedParams, ...rawParams })}${query}`,
      headers: {
        origin: PUBLIC_URL,
        ...(body ? { 'content-type': body.contentType } : {}),
        'idempotency-key': `fuzz-${Math.random().toString(36).slice(2)}-${Date.now()}`,
      },
      ...(body ? { payload: body.payload } : {}),
      label,
    };
  };
  const json = (value: unknown) =>
    hasBody && value !== undefined
      ? { contentType: 'application/json', payload: JSON.stringify(value) }
      : undefined;

  const variants: fc.Arbitrary<FuzzRequest>[] = [
    // As generated from the schemas.
    base.map(({ role, params, query, body }) =>
      make('valid', role, params, queryString(asRecord(query)), json(body)),
    ),
  ];
  if (hasBody) {
    variants.push(
      // One field (or the whole body) replaced by a hostile value.
      fc.tuple(base, hostileJson, fc.nat()).map(([{ role, params, query, body }, hostile, pick]) => {
        const paths = [[], ...pathsOf(body)];
        const path = paths[pick % paths.length] ?? [];
        return make(
          `body ${path.join('.') || '(whole)'} := hostile`,
          role,
          params,
          queryString(asRecord(query)),
          json(withValueAt(body, path, hostile)),
        );
      }),
      // One field removed, or an extra one added.
      fc.tuple(base, fc.nat(), hostileJson).map(([{ role, params, query, body }, pick, hostile]) => {
        const paths = pathsOf(body);
        const path = paths[pick % Math.max(paths.length, 1)];
        const changed =
          path && pick % 2 === 0
            ? withValueAt(body, path, REMOVE)
            : { ...asRecord(body), extraField: hostile, isAdmin: true, clientId: 1 };
        return make(
          path && pick % 2 === 0 ? `body ${path.join('.')} removed` : 'body with extra fields',
          role,
          params,
          queryString(asRecord(query)),
          json(changed),
        );
      }),
      // A body that is not what it says it is.
      fc
        .tuple(base, fc.constantFrom(...MALFORMED_BODIES))
        .map(([{ role, params, query }, malformed]) =>
          make(`body ${malformed.label}`, role, params, queryString(asRecord(query)), malformed),
        ),
    );
  }
  if (paramNames.length > 0) {
    variants.push(
      fc
        .tuple(base, fc.constantFrom(...paramNames), hostileUrl)
        .map(([{ role, params, query, body }, name, hostile]) =>
          make(
            `path :${name} = ${hostile.slice(0, 20)}`,
            role,
            params,
            queryString(asRecord(query)),
            json(body),
            {
              [name]: hostile,
            },
          ),
        ),
    );
  }
  if (endpoint.query) {
    variants.push(
      fc
        .tuple(base, hostileUrl, fc.nat(), fc.boolean())
        .map(([{ role, params, query, body }, hostile, pick, twice]) => {
          const keys = Object.keys(asRecord(query));
          const known = ['limit', 'page', 'offset', 'q', 'sort', 'status', 'id', 'ids', 'from', 'to'];
          const key = [...keys, ...known][pick % (keys.length + known.length)] ?? 'limit';
          const rest = { ...asRecord(query) };
          delete rest[key];
          const base = queryString(rest);
          const joiner = base === '' ? '?' : '&';
          const value = `${encodeURIComponent(key)}=${hostile}`;
          return make(
            `query ${key}=${hostile.slice(0, 20)}${twice ? ' (twice)' : ''}`,
            role,
            params,
            `${base}${joiner}${value}${twice ? `&${value}&${encodeURIComponent(key)}=1` : ''}`,
            json(body),
          );
        }),
    );
  }
  return fc.oneof(...variants);
}

const RAW_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A route registered outside the contract (a download, a provider's notification): no schemas, so
 * its path params, query and body get hostile values only. */
interface RawRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
}

function rawRequestArbitrary(route: RawRoute): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc
    .record({
      role: fc.constantFrom<Role>('guest', 'client', 'admin'),
      params: fc.array(fc.constantFrom('1', '2', ...HOSTILE_URL_VALUES), {
        minLength: paramNames.length,
        maxLength: paramNames.length,
      }),
      query: fc.option(fc.constantFrom(...HOSTILE_URL_VALUES), { nil: undefined }),
      body: hasBody
        ? fc.oneof(
            fc.constantFrom(...MALFORMED_BODIES),
            fc.constantFrom(...HOSTILE_JSON_VALUES).map((value) => ({
              contentType: 'application/json',
              payload: JSON.stringify({ id: value, status: value, object: { id: value } }),
              label: 'hostile JSON',
            })),
          )
        : fc.constant(undefined),
    })
    .map(({ role, params, query, body }): FuzzRequest => {
      const values: Record<string, string> = {};
      paramNames.forEach((name, index) => {
        values[name] = params[index] ?? '1';
      });
      return {
        role,
        method: route.method,
        url: `${fillPath(route.url, values)}${query === undefined ? '' : `?id=${query}&status=${query}`}`,
        headers: { origin: PUBLIC_URL, ...(body ? { 'content-type': body.contentType } : {}) },
        ...(body ? { payload: body.payload } : {}),
        label: `raw, ${body?.label ?? 'no body'}`,
      };
    });
}

// ---- the suite ------------------------------------------------------------------------------------

/** Tables a refused request may change by design (or that a background worker touches). */
const CHANGE_ON_REFUSAL = /session|rate_limit|login_failure|known_device|device|throttle|attempt|secret/;
const COUNT_ONLY = /outbox|staff_alert_events|staff_alert_deliveries/;

for (const driver of testDrivers()) {
  describe(`contract fuzz: no 5xx, no change on refusal (${driver})`, () => {
    let shop: ShopTestApp;
    let routes: Route[] = [];
    let rawRoutes: RawRoute[] = [];
    let snapshotQuery = sql`select 1`;
    const sessions: Record<Role, Browser | null> = { guest: null, client: null, admin: null };
    let clientCount = 0;

    async function ensureSessions(): Promise<void> {
      lastSnapshot = null;
      for (const role of ['client', 'admin'] as const) {
        const browser = sessions[role];
        if (browser?.cookie) {
          const state = (await browser.get('/api/check-auth')).json() as { authenticated?: boolean };
          if (state.authenticated) continue;
        }
        const fresh = new Browser(shop.app);
        if (role === 'admin') {
          const response = await fresh.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
          expect(response.statusCode, response.body).toBe(200);
        } else {
          clientCount += 1;
          await fresh.register(`fuzz-client-${clientCount}-${driver}@mail.ru`);
        }
        sessions[role] = fresh;
      }
    }

    let lastSnapshot: string | null = null;
    async function snapshot(): Promise<string> {
      const rows = await shop.database.rows<Record<string, unknown>>(snapshotQuery);
      return JSON.stringify(rows);
    }

    let nextAddress = 0;
    async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
      nextAddress += 1;
      const cookie = sessions[request.role]?.cookie;
      return shop.app.inject({
        method: request.method,
        url: request.url,
        // A fresh address per request, so per-address limits answer 429 less often and the
        // requests reach the decoding and the handlers.
        remoteAddress: `203.0.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
        headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
    }

    /** Sends one request; false (and a line in `failures`) on a 5xx, on a 4xx without the error body
     * (where the contract promises it) or on a 4xx that changed the database. */
    async function checkRequest(
      routeName: string,
      request: FuzzRequest,
      errorBodyPromised: boolean,
      failures: string[],
      statuses: Map<number, number>,
    ): Promise<boolean> {
      // After a verified refusal the database is as it was, so its checksum is reused as the next
      // request's «before»; any other answer may have changed it.
      const before = lastSnapshot ?? (await snapshot());
      lastSnapshot = null;
      const response = await send(request);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const where = `[seed ${SEED}] ${routeName}: ${request.role} ${request.method} ${request.url.slice(0, 160)} [${request.label}]`;
      if (response.statusCode >= 500) {
        const payload = typeof request.payload === 'string' ? request.payload.slice(0, 300) : '(bytes)';
        const logged = shop.logLines
          .filter((line) => line.includes('"level":50'))
          .at(-1)
          ?.slice(0, 600);
        failures.push(`${where} → ${response.statusCode}\n  payload: ${payload}\n  log: ${logged}`);
        return false;
      }
      if (response.statusCode < 400) return true;
      if (errorBodyPromised) {
        let body: unknown;
        try {
          body = response.json();
        } catch {
          body = response.body;
        }
        if (!isApiError(body)) {
          failures.push(
            `${where} → ${response.statusCode} without the error body: ${response.body.slice(0, 200)}`,
          );
          return false;
        }
      }
      const after = await snapshot();
      if (after !== before) {
        failures.push(`${where} → ${response.statusCode} but the database changed`);
        return false;
      }
      lastSnapshot = after;
      return true;
    }

    beforeAll(async () => {
      shop = await startShopApp(driver);
      const document = (await shop.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const registered = (await contractEndpoints()).filter(
        ({ endpoint }) => document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()],
      );
      const inContract = new Set(registered.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`));
      rawRoutes = shop.app.routeTable.flatMap((entry) =>
        (Array.isArray(entry.method) ? entry.method : [entry.method])
          .filter((method): method is RawRoute['method'] => RAW_METHODS.has(String(method)))
          .filter((method) => entry.url.startsWith('/api/') && !inContract.has(`${method} ${entry.url}`))
          .map((method) => ({ method, url: entry.url })),
      );
      routes = [];
      for (const [index, { name, endpoint }] of registered.entries()) {
        routes.push({
          name,
          endpoint,
          validParams: (await wireSamples(endpoint.params, index)).map(
            (value) => asRecord(value) as Record<string, string>,
          ),
          validQuery: (await wireSamples(endpoint.query, index)).map(asRecord),
          validBody: await wireSamples(endpoint.body, index),
        });
      }
      const tables = await shop.database.rows<{ name: string }>(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      const parts = tables
        .map((table) => table.name)
        .filter((name) => !CHANGE_ON_REFUSAL.test(name))
        .map((name) =>
          COUNT_ONLY.test(name)
            ? `select '${name}' as t, count(*)::text as n, '' as h from "${name}"`
            : `select '${name}' as t, count(*)::text as n, coalesce(sum(hashtext(r::text)::bigint), 0)::text as h from "${name}" r`,
        );
      snapshotQuery = sql.raw(parts.join(' union all '));
      await ensureSessions();
    }, 120_000);

    afterAll(async () => {
      await shop?.close();
    });

    it('finds the routes of the contract in the running app', () => {
      expect(routes.length).toBeGreaterThan(30);
      const names = routes.map((route) => `${route.endpoint.method} ${route.endpoint.path}`);
      for (const expected of [
        'POST /api/orders',
        'GET /api/products',
        'POST /api/register',
        'POST /api/requests',
      ]) {
        expect(names).toContain(expected);
      }
      // Valid values are generated for most routes with a body (the rest get hostile ones only).
      const withBody = routes.filter((route) => route.endpoint.body);
      expect(withBody.filter((route) => route.validBody.length > 0).length).toBeGreaterThan(
        withBody.length / 2,
      );
    });

    it('answers every route without a 5xx and refuses without changing the database', async () => {
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const route of routes.filter((entry) => !ONLY_ROUTE || entry.name.includes(ONLY_ROUTE))) {
        await ensureSessions();
        await fc
          .assert(
            fc.asyncProperty(requestArbitrary(route), (request) =>
              checkRequest(route.name, request, true, failures, statuses),
            ),
            { numRuns: runsPerRoute(routes.length), seed: SEED, endOnFailure: true },
          )
          .catch(() => undefined);
      }
      if (process.env.FUZZ_VERBOSE) console.log(routes.length, 'routes', [...statuses].sort());
      expect(failures.join('\n')).toBe('');
    }, 600_000);

    it('answers the routes outside the contract without a 5xx and refuses without changing the database', async () => {
      expect(rawRoutes.length).toBeGreaterThan(0);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const route of rawRoutes) {
        await ensureSessions();
        await fc
          .assert(
            fc.asyncProperty(rawRequestArbitrary(route), (request) =>
              checkRequest(`${route.method} ${route.url}`, request, false, failures, statuses),
            ),
            { numRuns: runsPerRoute(routes.length), seed: SEED, endOnFailure: true },
          )
          .catch(() => undefined);
      }
      if (process.env.FUZZ_VERBOSE) console.log(rawRoutes.length, 'raw routes', [...statuses].sort());
      expect(failures.join('\n')).toBe('');
    }, 300_000);
  });
}
