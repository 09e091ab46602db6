import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { Schema } from 'effect';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { SearchResult, SearchSuggestions } from '../../api/search';
import { createServer } from '../../server/composition-root';
import { type Database, openDatabase } from '../../server/infrastructure/db/database';
import { eventually } from '../support/eventually';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  CapturingMailer,
  testAccountsConfig,
} from './support/session-client';
import { getJson, startTestApp, type TestApp } from './support/test-app';
import { openTestDatabase, testContent, testDrivers } from './support/test-database';

const decode = Schema.decodeUnknownSync(SearchResult);
const decodeSuggestions = Schema.decodeUnknownSync(SearchSuggestions);
const isApiError = Schema.is(ApiError);

describe.each(testDrivers())('search on %s', (driver) => {
  let test: TestApp;
  const content = testContent();
  const sofas = content.products.filter((product) => /диван/i.test(product.name));

  beforeAll(async () => {
    test = await startTestApp(driver);
  });
  afterAll(async () => {
    await test?.close();
  });

  const search = async (q: string, extra = '') => {
    const response = await getJson(test.app, `/api/search?q=${encodeURIComponent(q)}${extra}`);
    expect(response.status, q).toBe(200);
    return decode(response.body);
  };

  it('the test catalogue has sofas to find', () => {
    expect(sofas.length).toBeGreaterThan(0);
  });

  it.each([
    ['диван', 'exact word'],
    ['диваны', 'plural (morphology)'],
    ['дивн', 'typo: missing letter'],
    ['lbdfy', 'wrong keyboard layout'],
    ['divan', 'Latin transliteration'],
    ['ДИВАН', 'upper case'],
  ])('finds sofas for «%s» (%s), sofas first', async (q) => {
    const result = await search(q);
    expect(result.total).toBeGreaterThan(0);
    expect(result.items[0]?.name.toLowerCase()).toContain('диван');
  });

  it('corrects typos in other words too (кресо → кресло/кресла)', async () => {
    const result = await search('кресо');
    expect(result.corrected_query).toMatch(/^кресл/);
    expect(result.items.length).toBeGreaterThan(0);
    // Armchairs come first; products of the «Кресла…» category (poufs) may follow through the category name.
    expect(result.items[0]?.name).toMatch(/кресл/i);
  });

  it('matches material and colour, and narrows with several words', async () => {
    const sample = content.products.find((product) => /диван/i.test(product.name)) ?? content.products[0];
    const colourWord = sample?.colour.toLowerCase().split(/\s+/)[0] ?? '';
    const byColour = await search(colourWord);
    expect(byColour.total).toBeGreaterThan(0);
    const narrowed = await search(`диван ${colourWord}`);
    expect(narrowed.total).toBeLessThanOrEqual(byColour.total);
    expect(narrowed.items.some((item) => item.id === sample?.id)).toBe(true);
  });

  it('pages results with page and limit', async () => {
    const all = await search('диван', '&limit=100');
    const page2 = await search('диван', '&page=2&limit=2');
    expect(page2.page).toBe(2);
    expect(page2.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));
    expect(page2.total).toBe(all.total);
  });

  it('uses the spec defaults page 1 and limit 50', async () => {
    const result = await search('стол');
    expect(result.page).toBe(1);
    expect(result.limit).toBe(50);
  });

  it('answers an empty result, not an error, for words the catalogue does not know', async () => {
    const result = await search('zzzzqqqq');
    expect(result.total).toBe(0);
    expect(result.items).toEqual([]);
  });

  it('treats SQL and tsquery syntax as text', async () => {
    for (const q of ["'; DROP TABLE products; --", 'диван & | ! ( ) :*', "a' OR '1'='1", '\\x00 ъъъ']) {
      const response = await getJson(test.app, `/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect((await search('диван')).total).toBeGreaterThan(0);
  });

  it('rejects an empty, blank, missing or oversized query and bad paging with 400', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20',
      `/api/search?q=${'д'.repeat(201)}`,
      '/api/search?q=x&page=0',
      '/api/search?q=x&limit=101',
      '/api/search?q=x&limit=abc',
    ]) {
      const response = await getJson(test.app, url);
      expect(response.status, url).toBe(400);
      expect(isApiError(response.body), url).toBe(true);
    }
  });
});

/** A server on `database` with the read cache on, as in production (60 s entries). */
async function cachedServer(database: Database): Promise<FastifyInstance> {
  const { app } = await createServer(database, {
    dataDir: resolve('.tmp/test-data'),
    clientDir: resolve('.tmp/test-no-client'),
    logLevel: 'silent',
    logger: false,
    cacheEntries: 5000,
    cacheTtlMs: 60_000,
    accounts: testAccountsConfig(),
    mailer: new CapturingMailer(),
  });
  await app.ready();
  return app;
}

/**
 * Issue 25, item 6: products made, edited, imported or deleted in the back office are found at once —
 * their words join the typo-correction lexicon («тестовый» is no longer «corrected» to another word),
 * and an article (артикул) finds its product in search, suggestions and the admin list. The read cache
 * is on, so every answer after a write proves the write dropped it.
 */
describe.each(testDrivers())('search follows the back office (%s)', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let admin: Browser;
  let categoryId = 0;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await cachedServer(database);
    admin = new Browser(app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const [row] = await database.rows<{ id: number }>(
      sql`SELECT category_id AS id FROM products WHERE deleted_at IS NULL AND NOT hidden ORDER BY id LIMIT 1`,
    );
    categoryId = Number(row?.id);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const search = async (q: string, on: FastifyInstance = app) => {
    const response = await getJson(on, `/api/search?q=${encodeURIComponent(q)}`);
    expect(response.status, q).toBe(200);
    return decode(response.body);
  };
  const suggest = async (q: string, on: FastifyInstance = app) => {
    const response = await getJson(on, `/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(response.status, q).toBe(200);
    return decodeSuggestions(response.body);
  };
  const adminList = async (q: string) => {
    const response = await admin.get(`/api/admin/products?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, q).toBe(200);
    return (response.json() as { items: { id: number }[] }).items.map((item) => item.id);
  };
  const create = async (name: string, sku: string): Promise<number> => {
    const response = await admin.post('/api/admin/products', {
      name,
      sku,
      price: 4_990,
      category_id: categoryId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };
  const frequencyOf = async (word: string): Promise<number> => {
    const [row] = await database.rows<{ frequency: number }>(
      sql`SELECT frequency FROM search_lexicon WHERE word = ${word}`,
    );
    return Number(row?.frequency ?? 0);
  };
  /** The lexicon as a fresh rebuild counts it: what the triggers and folds must have kept it equal to. */
  const lexiconMatchesCatalogue = async () => {
    const [row] = await database.rows<{ differences: number }>(sql`
      WITH expected AS (
        SELECT w AS word, count(*)::int AS frequency FROM (
          SELECT search_lexicon_words(search_lexicon_product_text(p.name, p.category_name, p.material,
            p.colour, p.style, p.collection, p.brand, p.deleted_at, p.hidden)) AS w FROM products p
          UNION ALL
          SELECT search_lexicon_words(c.name) FROM categories c WHERE c.active
        ) counted GROUP BY w)
      SELECT count(*)::int AS differences FROM (
        (SELECT word, frequency FROM expected EXCEPT SELECT word, frequency FROM search_lexicon)
        UNION ALL
        (SELECT word, frequency FROM search_lexicon EXCEPT SELECT word, frequency FROM expected)
      ) d`);
    expect(Number(row?.differences)).toBe(0);
  };

  it('a product made in the editor is found by its new words, not «corrected» away, at once', async () => {
    // Read first, so the answers and the suggestion words are cached.
    const before = await search('тестовый зимородок');
    expect(before.items.some((item) => /зимородок/i.test(item.name))).toBe(false);
    expect(before.corrected_query).not.toBeNull();
    await suggest('зимород');
    const id = await create('Тестовый пуф Зимородок', 'QA-7741');
    const found = await search('тестовый зимородок');
    expect(found.corrected_query).toBeNull();
    expect(found.items[0]?.id).toBe(id);
    const typo = await search('зимародок');
    expect(typo.corrected_query).toBe('зимородок');
    expect(typo.items[0]?.id).toBe(id);
    const suggested = await suggest('зимород');
    expect(suggested.corrected_query).toBeNull();
    expect(suggested.products.map((product) => product.id)).toContain(id);
    expect(await frequencyOf('зимородок')).toBe(1);
    await lexiconMatchesCatalogue();
  });

  it.each([
    ['QA-7741', 'as written'],
    ['qa7741', 'without the dash, lower case'],
    ['qa 7741', 'with a space'],
    ['7741', 'its number alone'],
    ['A-774', 'a part of it'],
    ['ЙФ-7741', 'typed on the Russian layout'],
  ])('the article finds its product (%s: %s) in search, suggestions and the admin list', async (q) => {
    const [row] = await database.rows<{ id: number }>(sql`SELECT id FROM products WHERE sku = 'QA-7741'`);
    const id = Number(row?.id);
    expect((await search(q)).items[0]?.id).toBe(id);
    expect((await suggest(q)).products[0]?.id).toBe(id);
    expect(await adminList(q)).toContain(id);
  });

  it('a seeded product is found by its article, the whole article before a part of another', async () => {
    const [first] = await database.rows<{ id: number; sku: string }>(
      sql`SELECT id, sku FROM products WHERE deleted_at IS NULL AND NOT hidden ORDER BY id LIMIT 1`,
    );
    const result = await search(String(first?.sku));
    expect(result.items[0]?.id).toBe(Number(first?.id));
    expect(result.corrected_query).toBeNull();
    expect(await adminList(String(first?.sku).toLowerCase().replace('-', ''))).toContain(Number(first?.id));
  });

  it('an edit, a delete and a restore move the words in and out of the lexicon', async () => {
    const id = await create('Тестовая банкетка Альбатрос', 'QA-7742');
    expect((await search('альбатрос')).items[0]?.id).toBe(id);
    const renamed = await admin.patch(`/api/admin/products/${id}`, { name: 'Тестовая банкетка Пеликан' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await frequencyOf('альбатрос')).toBe(0);
    expect(await frequencyOf('пеликан')).toBe(1);
    expect((await search('пеликан')).items[0]?.id).toBe(id);
    expect((await suggest('пелик')).products.map((product) => product.id)).toContain(id);
    expect((await admin.delete(`/api/admin/products/${id}`)).statusCode).toBe(200);
    expect(await frequencyOf('пеликан')).toBe(0);
    expect((await search('пеликан')).items.map((item) => item.id)).not.toContain(id);
    expect((await search('QA-7742')).items.map((item) => item.id)).not.toContain(id);
    expect((await suggest('пелик')).products.map((product) => product.id)).not.toContain(id);
    expect((await admin.post(`/api/admin/products/${id}/restore`)).statusCode).toBe(200);
    expect(await frequencyOf('пеликан')).toBe(1);
    expect((await search('пеликан')).items[0]?.id).toBe(id);
    await lexiconMatchesCatalogue();
  });

  it('an imported product is found by its new word and its article', async () => {
    const [category] = await database.rows<{ slug: string }>(
      sql`SELECT slug FROM categories WHERE id = ${categoryId}`,
    );
    const csv = [
      'Артикул;Название;Категория (slug);Цена',
      `IMP-5150;Тестовый комод Кашалот;${category?.slug};8900`,
    ];
    const boundary = '----search-import';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="товары.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv.join('\n')),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      payload,
      remoteAddress: admin.ip,
      headers: {
        origin: 'http://shop.test',
        cookie: [admin.cookie, admin.deviceCookie].filter(Boolean).join('; '),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const token = (upload.json() as { token: string }).token;
    expect((await admin.post(`/api/admin/products/import/${token}/confirm`)).statusCode).toBe(200);
    const [row] = await database.rows<{ id: number }>(sql`SELECT id FROM products WHERE sku = 'IMP-5150'`);
    const id = Number(row?.id);
    const found = await search('кашалот');
    expect(found.corrected_query).toBeNull();
    expect(found.items[0]?.id).toBe(id);
    expect((await search('imp-5150')).items[0]?.id).toBe(id);
    await lexiconMatchesCatalogue();
  });

  it.runIf(driver === 'pg')(
    'writes from several server processes at once keep the lexicon exact, and each process sees them',
    async () => {
      const url = process.env.TEST_DATABASE_URL ?? '';
      const otherDatabases = await Promise.all(
        [1, 2].map(() => openDatabase({ kind: 'pg', connectionString: url, poolSize: 4 })),
      );
      const others = await Promise.all(otherDatabases.map((other) => cachedServer(other)));
      try {
        const admins = others.map((other) => new Browser(other));
        for (const other of admins) {
          expect((await other.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
        }
        // The other processes hold their suggestion words and answers (60 s) before the writes.
        for (const other of others) {
          expect((await suggest('нарвал', other)).products).toEqual([]);
          await search('нарвал', other);
        }
        // Twelve products sharing words, written at once through three processes.
        const writes = Array.from({ length: 12 }, (_, index) => {
          const writer = [admin, ...admins][index % 3] as Browser;
          return writer.post('/api/admin/products', {
            name: `Тестовый стеллаж Нарвал ${index}`,
            sku: `NRV-${1000 + index}`,
            price: 2_000 + index,
            category_id: categoryId,
          });
        });
        for (const response of await Promise.all(writes))
          expect(response.statusCode, response.body).toBe(201);
        expect(await frequencyOf('нарвал')).toBe(12);
        await lexiconMatchesCatalogue();
        for (const other of others) {
          await eventually(async () => {
            expect((await search('нарвал', other)).total).toBe(12);
            const suggested = await suggest('нарва', other);
            expect(suggested.corrected_query).toBeNull();
            expect(suggested.products).toHaveLength(5);
            expect((await search('NRV-1007', other)).items[0]?.name).toBe('Тестовый стеллаж Нарвал 7');
          });
        }
        // And renames through several processes at once, the same word leaving twelve products.
        const ids = (
          await database.rows<{ id: number }>(sql`SELECT id FROM products WHERE sku LIKE 'NRV-%' ORDER BY id`)
        ).map((row) => Number(row.id));
        const renames = ids.map((id, index) =>
          ([admin, ...admins][index % 3] as Browser).patch(`/api/admin/products/${id}`, {
            name: `Тестовый стеллаж Касатка ${index}`,
          }),
        );
        for (const response of await Promise.all(renames))
          expect(response.statusCode, response.body).toBe(200);
        expect(await frequencyOf('нарвал')).toBe(0);
        expect(await frequencyOf('касатка')).toBe(12);
        await lexiconMatchesCatalogue();
        for (const other of others) {
          await eventually(async () => expect((await search('касатка', other)).total).toBe(12));
        }
      } finally {
        await Promise.all(others.map((other) => other.close()));
        await Promise.all(otherDatabases.map((other) => other.close()));
      }
    },
    120_000,
  );
});
