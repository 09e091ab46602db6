import { resolve } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Mailer, MailMessage } from '../../../server/application/mailer.port';
import { createServer } from '../../../server/composition-root';
import type { TrustedProxies } from '../../../server/domain/client-ip';
import type { AccountsModuleOptions } from '../../../server/infrastructure/accounts.composition';
import type { AccountsConfig } from '../../../server/infrastructure/accounts.config';
import type { Database } from '../../../server/infrastructure/db/database';
import type { ExchangeConfig } from '../../../server/infrastructure/exchange/exchange.config';
import { openTestDatabase, type TestDriver } from './test-database';

/**
 * The whole app on a private seeded database, with the account parts configured for tests: a known
 * administrator, the test payment gateway with a known secret, a mailer that keeps messages, and the
 * pino log captured line by line.
 */
export const ADMIN_EMAIL = 'admin@shop.test';
export const ADMIN_PASSWORD = 'Админ-пароль-для-тестов';
export const GATEWAY_SECRET = 'gateway-secret-for-tests';
export const PUBLIC_URL = 'http://shop.test';
const ORIGIN = PUBLIC_URL;

export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  to(email: string): MailMessage[] {
    return this.sent.filter((message) => message.to === email);
  }
  /** The temporary password of the last access e-mail to `email`. */
  tempPasswordOf(email: string): string {
    const message = this.to(email)
      .filter((m) => ['account-created', 'password-reset', 'staff-invitation'].includes(m.template))
      .at(-1);
    const match = /Временный пароль: (\S+)/.exec(message?.text ?? '');
    if (!match?.[1]) throw new Error(`no temporary password was e-mailed to ${email}`);
    return match[1];
  }
}

type DeliveryServicesOverride = NonNullable<AccountsModuleOptions['deliveryServices']>;

export interface ShopTestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly mailer: CapturingMailer;
  readonly logLines: string[];
  readonly clock: { now: number };
  close(): Promise<void>;
}

export function testAccountsConfig(overrides: Partial<AccountsConfig> = {}): AccountsConfig {
  return {
    publicUrl: PUBLIC_URL,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    smtpUrl: undefined,
    mailFrom: 'shop@shop.test',
    payment: { kind: 'test', secret: GATEWAY_SECRET },
    geoDataFile: undefined,
    subscribePromoCode: 'HOME10',
    extraOrigins: [],
    ...overrides,
  };
}

export async function startShopApp(
  driver: TestDriver,
  overrides: Partial<AccountsConfig> = {},
  server: {
    readonly trustProxy?: TrustedProxies;
    readonly exchange?: ExchangeConfig | null;
    /** Local fakes of the address suggestions and the carrier (issue 23). */
    readonly deliveryServices?: DeliveryServicesOverride;
  } = {},
): Promise<ShopTestApp> {
  const database = await openTestDatabase(driver);
  const mailer = new CapturingMailer();
  const logLines: string[] = [];
  const clock = { now: Date.now() };
  const { app } = await createServer(database, {
    dataDir: resolve('.tmp/test-data'),
    clientDir: resolve('.tmp/test-no-client'),
    logLevel: 'info',
    cacheEntries: 0,
    cacheTtlMs: 60_000,
    ...server,
    accounts: testAccountsConfig(overrides),
    mailer,
    now: () => clock.now,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await app.ready();
  return {
    app,
    database,
    mailer,
    logLines,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let browsers = 0;
/** A distinct address per browser, so per-IP limits act like they do for separate visitors. */
const nextIp = (): string => {
  browsers += 1;
  return `198.18.${(browsers >> 8) & 255}.${browsers & 255}`;
};

/** A browser: keeps the session cookie, sends a same-origin Origin and JSON like the shop's adapters. */
export class Browser {
  /** The session cookie (`sid=…`). */
  cookie: string | null = null;
  /** The device cookie a successful login leaves (`did=…`), sent along like a browser would. */
  deviceCookie: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = nextIp(),
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: ORIGIN,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie || this.deviceCookie
          ? { cookie: [this.cookie, this.deviceCookie].filter(Boolean).join('; ') }
          : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const setCookie = response.headers['set-cookie'];
    for (const value of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = value.split(';');
      if (!pair) continue;
      const kept = /=$/.test(pair) || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(value) ? null : pair;
      if (/^(__Host-)?did=/.test(pair)) this.deviceCookie = kept;
      else this.cookie = kept;
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body ?? {}, headers);
  put = (url: string, body: unknown) => this.request('PUT', url, body);
  patch = (url: string, body: unknown) => this.request('PATCH', url, body);
  delete = (url: string) => this.request('DELETE', url);

  /**
   * A manager's status change as the order card sends it: with the status the card shows now
   * (`expectedStatus`, issue 22), read just before.
   */
  async moveOrder(id: number, status: string): Promise<LightMyRequestResponse> {
    const seen = (await this.get(`/api/admin/orders/${id}`)).json() as { status?: string };
    return this.patch(`/api/admin/orders/${id}`, { status, expectedStatus: seen.status ?? 'new' });
  }

  /** The list's bulk status change: each order with the status the list shows now. */
  async bulkMoveOrders(ids: readonly number[], status: string): Promise<LightMyRequestResponse> {
    const orders = [];
    for (const id of ids) {
      const seen = (await this.get(`/api/admin/orders/${id}`)).json() as { status?: string };
      orders.push({ id, expectedStatus: seen.status ?? 'new' });
    }
    return this.post('/api/admin/orders/update-status', { orders, status });
  }

  async login(email: string, password: string, path = '/api/login'): Promise<LightMyRequestResponse> {
    return this.post(path, { email, password });
  }

  /** Registers a new client and returns its id. */
  async register(email: string, password = 'надёжный пароль 1'): Promise<number> {
    const response = await this.post('/api/register', { email, password });
    if (response.statusCode !== 201)
      throw new Error(`register failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { clientId: number }).clientId;
  }
}

/** Ids of a few products of the seeded test catalogue. */
export async function someProductIds(database: Database, count: number): Promise<number[]> {
  const rows = await database.rows<{ id: number }>(
    (await import('drizzle-orm')).sql`select id from products order by id limit ${count}`,
  );
  return rows.map((row) => Number(row.id));
}
