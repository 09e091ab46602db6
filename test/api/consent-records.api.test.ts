import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { Schema, type SchemaAST } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_EXPORT_COLUMNS } from '../../api/admin-consents';
import type { ClientConsents } from '../../api/consents';
import type { EndpointDefinition } from '../../api/endpoint';
import { CONSENT_FORMS } from '../../server/http/routes/consent-forms';
import { composeRequestText } from '../../shared-rules/request-text-rule';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 26, item 3 (docs/privacy.md): every form that takes personal data stores a consent record —
 * purpose, document and its version, time, IP address, browser, subject — on PGlite and on PostgreSQL.
 *
 * The forms are found in the contract, not listed by hand: every endpoint of api/*.ts whose body has a
 * field named for personal data (name, phone, email, address, contact) at any depth. Each one either
 * records consent (CONSENT_FORMS, server/http/routes/consent-forms.ts) and has a successful call below
 * that must leave a record, or is in NO_RECORD with the reason it needs none. An endpoint added later
 * with such a field fails the first test until it is one or the other.
 */

const PERSONAL_FIELDS = new Set(['name', 'phone', 'email', 'address', 'contact']);

/** Endpoints that take personal data and record no consent, each with why (docs/privacy.md). */
const NO_RECORD: Readonly<Record<string, string>> = {
  'POST /api/login': 'identifies an existing account by its e-mail; collects nothing new',
  'POST /api/forgot-password': 'identifies an existing account by its e-mail; collects nothing new',
  'POST /api/orders/:id/update-address':
    'changes an order the client placed with consent, for the same contract (152-FZ art. 6 p. 1 item 5)',
  'POST /api/orders/:id/update-userinfo':
    'changes an order the client placed with consent, for the same contract (152-FZ art. 6 p. 1 item 5)',
};
/**
 * The back office (api/admin-*.ts, /api/admin…): staff enter what a client gave by phone or in the
 * showroom for the sale itself (152-FZ art. 6 p. 1 item 5), or a category's or product's name.
 */
const isBackOffice = (file: string, path: string) =>
  file.startsWith('admin-') || path.startsWith('/api/admin');

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

/** The field names of a body schema at any depth (objects, unions, arrays, lazy schemas). */
function fieldNames(ast: SchemaAST.AST, seen = new Set<SchemaAST.AST>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(ast)) return names;
  seen.add(ast);
  const add = (inner: SchemaAST.AST) => {
    for (const name of fieldNames(inner, seen)) names.add(name);
  };
  switch (ast._tag) {
    case 'Objects':
      for (const property of ast.propertySignatures) {
        if (typeof property.name === 'string') names.add(property.name);
        add(property.type);
      }
      break;
    case 'Union':
      for (const member of ast.types) add(member);
      break;
    case 'Arrays':
      for (const element of [...ast.elements, ...ast.rest]) add(element);
      break;
    case 'Suspend':
      add(ast.thunk());
      break;
    default:
      break;
  }
  return names;
}

/** `METHOD /path` of every endpoint outside the back office whose body has a personal-data field. */
async function personalDataEndpoints(): Promise<string[]> {
  const found = new Set<string>();
  const folder = resolve('api');
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(resolve(folder, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!isEndpoint(value) || value.body === undefined || isBackOffice(file, value.path)) continue;
      const fields = fieldNames(value.body.ast);
      if ([...fields].some((field) => PERSONAL_FIELDS.has(field))) found.add(`${value.method} ${value.path}`);
    }
  }
  return [...found].sort();
}

interface RecordRow {
  purpose: string;
  action: string;
  document: string;
  document_version: number;
  source: string;
  client_id: number | null;
  email: string | null;
  phone: string | null;
  reference: string | null;
  ip: string;
  user_agent: string;
}

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ConsentTest/1.0';

describe.each(testDrivers())('consent records (%s)', (driver) => {
  let shop: ShopTestApp;
  let products: number[] = [];
  let admin: Browser;

  const records = async (): Promise<RecordRow[]> =>
    (
      await shop.database.rows<RecordRow>(sql`
        select purpose, action, document, document_version, source, client_id, email, phone, reference,
               ip, user_agent
        from consent_records order by id`)
    ).map((row) => ({
      ...row,
      document_version: Number(row.document_version),
      client_id: row.client_id === null ? null : Number(row.client_id),
    }));
  const pageVersion = async (slug: string): Promise<number> => {
    const [row] = await shop.database.rows<{ version: number }>(
      sql`select version from static_pages where slug = ${slug}`,
    );
    return Number(row?.version ?? 0);
  };
  const withAgent = { 'user-agent': USER_AGENT };

  /** One successful call of every consent form, and the records it must leave. */
  const SUCCESSFUL_CALLS: Readonly<
    Record<string, () => Promise<{ status: number; expected: Partial<RecordRow>[]; browser: Browser }>>
  > = {
    'POST /api/register': async () => {
      const browser = new Browser(shop.app);
      const response = await browser.post(
        '/api/register',
        {
          email: 'Reg-Consent@Mail.ru',
          password: 'надёжный пароль 1',
          phone: '8 (921) 555-44-33',
          name: 'Анна',
        },
        withAgent,
      );
      const clientId = (response.json() as { clientId: number }).clientId;
      return {
        status: response.statusCode,
        browser,
        expected: [
          {
            purpose: 'personal_data',
            source: 'register',
            client_id: clientId,
            email: 'reg-consent@mail.ru',
            phone: '+79215554433',
          },
        ],
      };
    },
    'POST /api/orders': async () => {
      const browser = new Browser(shop.app);
      const response = await browser.post(
        '/api/orders',
        {
          cart: [{ id: products[0], quantity: 1 }],
          contact: { name: 'Гость Заказов', phone: '+7 812 555 12 34', email: 'guest-order@mail.ru' },
          delivery: { method: 'pickup' },
          paymentMethod: 'on_delivery',
          consent: true,
        },
        withAgent,
      );
      const order = response.json() as { id: number; clientId: number };
      return {
        status: response.statusCode,
        browser,
        expected: [
          {
            purpose: 'personal_data',
            source: 'checkout',
            client_id: order.clientId,
            email: 'guest-order@mail.ru',
            phone: '+78125551234',
            reference: `order:${order.id}`,
          },
        ],
      };
    },
    'POST /api/requests': async () => {
      const browser = new Browser(shop.app);
      const response = await browser.post(
        '/api/requests',
        {
          subject: 'Заказать звонок',
          text: composeRequestText({
            source: 'feedback',
            phone: '+7 921 000 11 22',
            email: null,
            clientId: null,
            attachment: null,
            comment: 'Перезвоните, пожалуйста',
          }),
        },
        withAgent,
      );
      const requestId = (response.json() as { requestId: number }).requestId;
      return {
        status: response.statusCode,
        browser,
        expected: [
          {
            purpose: 'personal_data',
            source: 'request',
            phone: '+79210001122',
            email: null,
            reference: `request:${requestId}`,
          },
        ],
      };
    },
    'POST /api/subscribe': async () => {
      const browser = new Browser(shop.app);
      const response = await browser.post('/api/subscribe', { email: 'news-consent@mail.ru' }, withAgent);
      return {
        status: response.statusCode,
        browser,
        expected: [
          { purpose: 'personal_data', source: 'subscribe', email: 'news-consent@mail.ru' },
          { purpose: 'marketing', source: 'subscribe', email: 'news-consent@mail.ru' },
        ],
      };
    },
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 1);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('knows every endpoint of the contract that takes personal data: it records consent or says why not', async () => {
    const endpoints = await personalDataEndpoints();
    const recording = new Set(CONSENT_FORMS.map((form) => `${form.endpoint.method} ${form.endpoint.path}`));
    const unaccounted = endpoints.filter((key) => !recording.has(key) && NO_RECORD[key] === undefined);
    expect(unaccounted).toEqual([]);
    // The consent forms themselves are found by the walk (a renamed field would hide one).
    expect([...recording].filter((key) => !endpoints.includes(key))).toEqual([]);
    // Every consent form has a call below; an exemption names a real endpoint.
    expect([...recording].filter((key) => SUCCESSFUL_CALLS[key] === undefined)).toEqual([]);
    expect(Object.keys(NO_RECORD).filter((key) => !endpoints.includes(key))).toEqual([]);
  });

  it.each(CONSENT_FORMS.map((form) => `${form.endpoint.method} ${form.endpoint.path}`))(
    '%s stores a consent record with the document version, time, IP address, browser and subject',
    async (key) => {
      const call = SUCCESSFUL_CALLS[key];
      if (call === undefined) throw new Error(`no call for ${key}`);
      const before = (await records()).length;
      const startedAt = Date.now();
      const { status, expected, browser } = await call();
      expect(status).toBeLessThan(300);
      const added = (await records()).slice(before);
      expect(added).toHaveLength(expected.length);
      for (const [index, wanted] of expected.entries()) {
        const row = added[index];
        const document = wanted.purpose === 'marketing' ? 'marketing-consent' : 'consent';
        expect(row).toMatchObject({
          ...wanted,
          action: 'given',
          document,
          document_version: await pageVersion(document),
          ip: browser.ip,
          user_agent: USER_AGENT,
        });
        expect(row?.document_version).toBeGreaterThan(0);
      }
      const [stamp] = await shop.database.rows<{ at: string | Date }>(
        sql`select max(created_at) as at from consent_records`,
      );
      expect(new Date(stamp?.at ?? 0).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    },
  );

  it('stores nothing when the form is refused', async () => {
    const before = (await records()).length;
    const refused = await new Browser(shop.app).post('/api/orders', {
      cart: [{ id: products[0], quantity: 1 }],
      contact: { name: 'Без Согласия', phone: '+7 812 555 12 35', email: 'no-consent@mail.ru' },
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      consent: false,
    });
    expect(refused.statusCode).toBe(422);
    const badEmail = await new Browser(shop.app).post('/api/subscribe', { email: 'не-почта' });
    expect(badEmail.statusCode).toBe(422);
    expect(await records()).toHaveLength(before);
  });

  it('records the version of the document as it is when the consent is given', async () => {
    const pages = (await admin.get('/api/admin/pages')).json() as {
      id: number;
      slug: string;
      version: number;
    }[];
    const consentPage = pages.find((page) => page.slug === 'consent');
    if (consentPage === undefined) throw new Error('no consent page');
    const edited = await admin.patch(`/api/admin/pages/${consentPage.id}`, {
      meta_description:
        'Согласие на обработку персональных данных покупателей «Дом и Стиль», новая редакция.',
      expected_version: consentPage.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await new Browser(shop.app).register('after-edit@mail.ru');
    const [last] = (await records()).slice(-1);
    expect(last).toMatchObject({ document: 'consent', document_version: consentPage.version + 1 });
  });

  it('shows the client the marketing consent and lets them withdraw it: a record, and the subscription ends', async () => {
    const client = new Browser(shop.app);
    const clientId = await client.register('marketing-withdraw@mail.ru');
    expect(((await client.get('/api/client/consents')).json() as ClientConsents).marketing).toBe(false);
    expect((await client.post('/api/subscribe', { email: 'marketing-withdraw@mail.ru' })).statusCode).toBe(
      200,
    );
    const subscribed = (await client.get('/api/client/consents')).json() as ClientConsents;
    expect(subscribed.marketing).toBe(true);
    expect(subscribed.records.map((entry) => [entry.purpose, entry.action, entry.source])).toEqual([
      ['marketing', 'given', 'subscribe'],
      ['personal_data', 'given', 'subscribe'],
      ['personal_data', 'given', 'register'],
    ]);

    const withdrawn = await client.post('/api/client/consents/withdraw', { purpose: 'marketing' }, withAgent);
    expect(withdrawn.statusCode).toBe(200);
    const after = withdrawn.json() as ClientConsents;
    expect(after.marketing).toBe(false);
    expect(after.records[0]).toMatchObject({ purpose: 'marketing', action: 'withdrawn', source: 'account' });
    const [row] = (await records()).slice(-1);
    expect(row).toMatchObject({
      action: 'withdrawn',
      client_id: clientId,
      ip: client.ip,
      user_agent: USER_AGENT,
    });
    const left = await shop.database.rows<{ n: number }>(
      sql`select count(*)::int as n from subscriptions where email = 'marketing-withdraw@mail.ru'`,
    );
    expect(Number(left[0]?.n)).toBe(0);

    // Subscribing again is a new consent.
    expect((await client.post('/api/subscribe', { email: 'marketing-withdraw@mail.ru' })).statusCode).toBe(
      200,
    );
    expect(((await client.get('/api/client/consents')).json() as ClientConsents).marketing).toBe(true);
  });

  it('keeps the account view and the withdrawal to the signed-in client', async () => {
    const guest = new Browser(shop.app);
    expect((await guest.get('/api/client/consents')).statusCode).toBe(401);
    expect((await guest.post('/api/client/consents/withdraw', { purpose: 'marketing' })).statusCode).toBe(
      401,
    );
    expect((await admin.get('/api/client/consents')).statusCode).toBe(403);
    const client = new Browser(shop.app);
    await client.register('not-staff@mail.ru');
    expect((await client.get('/api/admin/consents')).statusCode).toBe(403);
    expect((await client.get('/api/admin/consents/export')).statusCode).toBe(403);
    expect((await guest.get('/api/admin/consents')).statusCode).toBe(401);
  });

  it('lists and exports the records for the owner, filtered by day and subject, the CSV neutralised', async () => {
    const hostile = new Browser(shop.app);
    await hostile.post(
      '/api/subscribe',
      { email: 'csv-export@mail.ru' },
      { 'user-agent': '=HYPERLINK("http://evil.example")' },
    );
    const bySubject = (await admin.get('/api/admin/consents?subject=csv-export')).json() as {
      items: { email: string; purpose: string; userAgent: string }[];
      total: number;
    };
    expect(bySubject.total).toBe(2);
    expect(bySubject.items.map((item) => item.purpose).sort()).toEqual(['marketing', 'personal_data']);

    const byPhone = (await admin.get('/api/admin/consents?subject=8%20921%20555%2044%2033')).json() as {
      items: { phone: string }[];
    };
    expect(byPhone.items.length).toBeGreaterThan(0);
    expect(byPhone.items.every((item) => item.phone === '+79215554433')).toBe(true);

    const moscowToday = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const today = (
      await admin.get(`/api/admin/consents?from=${moscowToday}&to=${moscowToday}&limit=200`)
    ).json() as {
      total: number;
    };
    expect(today.total).toBe((await records()).length);
    const past = (await admin.get('/api/admin/consents?from=2020-01-01&to=2020-01-31')).json() as {
      total: number;
    };
    expect(past.total).toBe(0);

    const file = await admin.get('/api/admin/consents/export?subject=csv-export');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="consents-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(file.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([...CONSENT_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(3);
    const agent = CONSENT_EXPORT_COLUMNS.indexOf('Браузер');
    const purpose = CONSENT_EXPORT_COLUMNS.indexOf('Цель');
    for (const row of rows.slice(1)) {
      expect(row[agent]).toBe(`'=HYPERLINK("http://evil.example")`);
      expect(row[CONSENT_EXPORT_COLUMNS.indexOf('E-mail')]).toBe('csv-export@mail.ru');
      expect(row[CONSENT_EXPORT_COLUMNS.indexOf('IP-адрес')]).toBe(hostile.ip);
    }
    expect(
      rows
        .slice(1)
        .map((row) => row[purpose])
        .sort(),
    ).toEqual(['Обработка персональных данных', 'Рекламные рассылки']);
  });
});
