import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_PATH } from '../../server/http/routes/exchange.routes';
import type { ExchangeConfig } from '../../server/infrastructure/exchange/exchange.config';
import { EXCHANGE_STOCK_NOTE } from '../../server/infrastructure/exchange/sql-exchange-catalogue';
import { Browser, type ShopTestApp, startShopApp } from './support/session-client';
import { testDrivers } from './support/test-database';

const FIXTURES = resolve('test/fixtures/commerceml');
const fixture = (name: string): Buffer => readFileSync(resolve(FIXTURES, name));

const EXCHANGE: ExchangeConfig = {
  login: 'obmen-1c',
  password: 'пароль-обмена-с-1С',
  priceType: 'Розничная',
  chunkLimit: 4096,
  fileLimit: 256 * 1024,
  // Small steps, so every import below goes through 1С's «progress» answers.
  step: { offers: 1, pictures: 2 },
};
const BASIC = `Basic ${Buffer.from(`${EXCHANGE.login}:${EXCHANGE.password}`).toString('base64')}`;
const SOFA = '7a3b1c00-aaaa-11ee-8c90-0242ac120002';
/** The files import-pictures.xml names (the fourth is never uploaded). */
const PICTURE_FILES = [
  'import_files/7a/7a3b1c00aaaa11ee8c900242ac120002_1.jpg',
  'import_files/7a/7a3b1c00aaaa11ee8c900242ac120002_2.png',
  'import_files/7a/7a3b1c00aaaa11ee8c900242ac120002_3.jpg',
  'import_files/7a/7a3b1c00aaaa11ee8c900242ac120002_4.jpg',
] as const;
const TABLE = '7a3b1c00-bbbb-11ee-8c90-0242ac120002';

/** What 1С does: checkauth with Basic, then every request with the cookie it was given. */
class OneC {
  private cookie = '';

  constructor(private readonly shop: ShopTestApp) {}

  async request(
    query: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.shop.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `${EXCHANGE_PATH}?${query}`,
      headers: {
        ...(this.cookie === '' ? {} : { cookie: this.cookie }),
        ...(body === undefined ? {} : { 'content-type': 'application/octet-stream' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body }),
    });
  }

  async checkauth(type: 'catalog' | 'sale'): Promise<void> {
    const response = await this.request(`type=${type}&mode=checkauth`, undefined, { authorization: BASIC });
    expect(response.statusCode).toBe(200);
    const [status, name, value] = response.body.split('\n');
    expect(status).toBe('success');
    this.cookie = `${name}=${value}`;
  }

  /** The file in chunks no larger than the file_limit the shop announced (`init` gave it). */
  async send(type: 'catalog' | 'sale', name: string, bytes: Buffer, limit: number) {
    let last: LightMyRequestResponse | null = null;
    for (let offset = 0; offset < bytes.length; offset += limit) {
      last = await this.request(
        `type=${type}&mode=file&filename=${encodeURIComponent(name)}`,
        bytes.subarray(offset, offset + limit),
      );
      if (last.statusCode !== 200 || type === 'sale') return last;
      expect(last.body).toBe('success');
    }
    if (last === null) throw new Error('nothing uploaded');
    return last;
  }

  /**
   * init, the package's other files (pictures), the file, then import — again while the shop answers
   * «progress», as 1С does. The answer holds every call's body (1С's exchange log), the last one's status.
   */
  async upload(
    type: 'catalog' | 'sale',
    name: string,
    bytes: Buffer,
    others: readonly (readonly [string, Buffer])[] = [],
  ): Promise<{ statusCode: number; body: string; calls: number }> {
    const init = await this.request(`type=${type}&mode=init`);
    expect(init.body).toMatch(/^zip=no\nfile_limit=\d+$/);
    const limit = Number(/file_limit=(\d+)/.exec(init.body)?.[1]);
    for (const [otherName, otherBytes] of others)
      expect((await this.send(type, otherName, otherBytes, limit)).body).toBe('success');
    const sent = await this.send(type, name, bytes, limit);
    if (sent.statusCode !== 200 || type === 'sale') return { ...sent, calls: 0 };
    const bodies: string[] = [];
    for (let calls = 1; calls <= 50; calls += 1) {
      const imported = await this.request(`type=${type}&mode=import&filename=${encodeURIComponent(name)}`);
      bodies.push(imported.body);
      if (!imported.body.startsWith('progress\n'))
        return { statusCode: imported.statusCode, body: bodies.reverse().join('\n'), calls };
    }
    throw new Error(`still «progress» after 50 calls: ${bodies.at(-1)}`);
  }
}

describe.each(testDrivers())('the 1С / МойСклад exchange (CommerceML 2) on %s', (driver) => {
  let shop: ShopTestApp;
  let oneC: OneC;

  beforeAll(async () => {
    shop = await startShopApp(driver, {}, { exchange: EXCHANGE });
    oneC = new OneC(shop);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const productOf = async (externalId: string) => {
    const [row] = await shop.database.rows<{
      id: number;
      name: string;
      sku: string;
      price: number;
      stock: number | null;
      hidden: boolean;
      brand: string;
      category_name: string;
      version: number;
    }>(sql`SELECT p.id, p.name, p.sku, p.price, p.stock, p.hidden, p.brand, p.category_name, p.version
      FROM exchange_links l JOIN products p ON p.id = l.local_id WHERE l.kind = 'product' AND l.external_id = ${externalId}`);
    return row;
  };
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await shop.database.rows<{ n: number }>(query))[0]?.n ?? 0);

  it('refuses without the exchange account, and hands a session cookie for it', async () => {
    const stranger = new OneC(shop);
    const wrong = await stranger.request('type=catalog&mode=checkauth', undefined, {
      authorization: `Basic ${Buffer.from(`${EXCHANGE.login}:не тот`).toString('base64')}`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
    expect(wrong.body).toBe('failure\nНеверный логин или пароль обмена.');
    expect((await stranger.request('type=catalog&mode=init')).statusCode).toBe(401);
    const forged = await stranger.request('type=catalog&mode=init', undefined, {
      cookie: `shop_exchange=${Date.now() + 3_600_000}.${'0'.repeat(64)}`,
    });
    expect(forged.statusCode).toBe(401);
    await oneC.checkauth('catalog');
    expect((await oneC.request('type=catalog&mode=init')).statusCode).toBe(200);
    // A browser posting from another site is refused even with the account (the CSRF guard).
    const crossSite = await oneC.request('type=catalog&mode=file&filename=import.xml', Buffer.from('x'), {
      origin: 'https://evil.example',
      authorization: BASIC,
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('round trip: a catalogue in, prices and stock by offers.xml, an order out, its new status in', async () => {
    await oneC.checkauth('catalog');
    // import.xml, uploaded in 4 KB chunks appended together.
    const imported = await oneC.upload('catalog', 'import.xml', fixture('import.xml'));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.body).toMatch(/^success\n/);
    expect(imported.body).toContain('Стул без группы');
    const sofa = await productOf(SOFA);
    expect(sofa).toMatchObject({
      name: 'Диван «Осло» угловой',
      sku: '1C-SOFA-OSLO',
      brand: 'Фабрика «Северная»',
      category_name: 'Диваны & кресла 1С',
      hidden: true,
      price: 0,
    });
    // The properties: a Справочник value read back from its Ид, spec §3 labels as their codes
    // («Страна происхождения» is COUNTRY), another property kept under its own name.
    const [specs] = await shop.database.rows<{ specs: Record<string, string> }>(
      sql`SELECT specs FROM products WHERE id = ${Number(sofa?.id)}`,
    );
    expect(specs?.specs).toEqual({
      COLOR: 'серый',
      MATERIAL: 'Рогожка',
      'Механизм трансформации': 'Еврокнижка',
      COUNTRY: 'Россия',
    });
    expect(imported.body).toContain(
      'Свойства не описаны в классификаторе, их значения пропущены: prop-country-unused.',
    );
    const table = await productOf(TABLE);
    const [tableSpecs] = await shop.database.rows<{ specs: Record<string, string> }>(
      sql`SELECT specs FROM products WHERE id = ${Number(table?.id)}`,
    );
    expect(tableSpecs?.specs).toEqual({ MATERIAL: 'Массив дуба' });
    const [parent] = await shop.database.rows<{ path: string; level: number }>(
      sql`SELECT c.path, c.level FROM categories c JOIN exchange_links l ON l.local_id = c.id
        WHERE l.kind = 'category' AND l.external_id = 'e0a1c5d6-0002-11ee-8c90-0242ac120002'`,
    );
    expect(Number(parent?.level)).toBe(1);
    expect(parent?.path).toMatch(/^mebel-iz-1s-[0-9a-f]{8}\/divany-kresla-1s-[0-9a-f]{8}$/);

    // A re-run is idempotent: nothing new, nothing rewritten.
    const links = await count(sql`SELECT count(*)::int AS n FROM exchange_links`);
    const products = await count(sql`SELECT count(*)::int AS n FROM products`);
    expect((await oneC.upload('catalog', 'import.xml', fixture('import.xml'))).body).toContain(
      'создано: 0, изменено: 0',
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM exchange_links`)).toBe(links);
    expect(await count(sql`SELECT count(*)::int AS n FROM products`)).toBe(products);
    expect((await productOf(SOFA))?.version).toBe(sofa?.version);

    // offers.xml: the retail price type, stock summed over the warehouses, through the ledger.
    const offers = await oneC.upload('catalog', 'offers.xml', fixture('offers.xml'));
    expect(offers.body).toMatch(/^success\n/);
    expect(offers.body).toContain('unknown-product-id');
    expect(await productOf(SOFA)).toMatchObject({ price: 54_990, stock: 5, hidden: false });
    expect(await productOf(TABLE)).toMatchObject({ price: 23_991, stock: 2, hidden: false });
    const sofaId = Number(sofa?.id);
    const ledger = await shop.database.rows<{
      delta: number;
      reason: string;
      note: string;
      actor_id: number | null;
    }>(
      sql`SELECT delta, reason, note, actor_id FROM stock_movements WHERE product_id = ${sofaId} ORDER BY id`,
    );
    expect(ledger.map((row) => [Number(row.delta), row.reason, row.note, row.actor_id])).toEqual([
      [5, 'import', EXCHANGE_STOCK_NOTE, null],
    ]);
    // Again: same figures, no new ledger rows.
    await oneC.upload('catalog', 'offers.xml', fixture('offers.xml'));
    expect(
      await count(sql`SELECT count(*)::int AS n FROM stock_movements WHERE product_id = ${sofaId}`),
    ).toBe(1);
    // The market feed shows the priced product at once (the import drops its cache).
    expect((await shop.app.inject({ method: 'GET', url: '/yml.xml' })).body).toContain(
      `<offer id="${sofaId}"`,
    );

    // A change package (2.10, Остатки/Склад; a negative warehouse counts as none): 49 990 ₽, 2 units.
    await oneC.upload('catalog', 'offers.xml', fixture('offers-changed.xml'));
    expect(await productOf(SOFA)).toMatchObject({ price: 49_990, stock: 2 });
    const deltas = await shop.database.rows<{ delta: number }>(
      sql`SELECT delta FROM stock_movements WHERE product_id = ${sofaId} ORDER BY id`,
    );
    expect(deltas.map((row) => Number(row.delta))).toEqual([5, -3]);

    // A shopper orders the sofa: the order goes out as a CommerceML document.
    const buyer = new Browser(shop.app);
    await buyer.register(`exchange-${driver}@mail.ru`);
    const placed = await buyer.post('/api/orders', {
      cart: [{ id: sofaId, quantity: 1 }],
      contact: { name: 'Вера Кузнецова', phone: '+7 812 555 12 34', email: `exchange-${driver}@mail.ru` },
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { id: number }).id;
    await oneC.checkauth('sale');
    const query = await oneC.request('type=sale&mode=query');
    expect(query.statusCode).toBe(200);
    expect(query.headers['content-type']).toMatch(/^application\/xml/);
    const documents = new XMLParser({
      parseTagValue: false,
      isArray: (name) => ['Документ', 'Товар'].includes(name),
    }).parse(query.body).КоммерческаяИнформация.Документ as {
      Номер: string;
      Сумма: string;
      Контрагенты: { Контрагент: { Наименование: string; Роль: string } };
      Товары: { Товар: { Ид: string; Количество: string; Сумма: string }[] };
    }[];
    const document = documents.find((item) => item.Номер === String(orderId));
    expect(document?.Контрагенты.Контрагент).toMatchObject({
      Наименование: 'Вера Кузнецова',
      Роль: 'Покупатель',
    });
    expect(document?.Товары.Товар).toEqual([
      expect.objectContaining({ Ид: SOFA, Количество: '1', Сумма: '49990.00' }),
    ]);
    expect(document?.Сумма).toBe('49990.00');
    // Until 1С says success, the same orders come again; after it, only what changed.
    expect((await oneC.request('type=sale&mode=query')).body).toContain(`<Номер>${orderId}</Номер>`);
    expect((await oneC.request('type=sale&mode=success')).body).toBe('success');
    expect((await oneC.request('type=sale&mode=query')).body).not.toContain('<Документ>');

    // 1С moves the order to «Подтверждён», and asks an impossible move of another («Новый» → «Выполнен»).
    const other = await buyer.post('/api/orders', {
      cart: [{ id: sofaId, quantity: 1 }],
      contact: { name: 'Вера Кузнецова', phone: '+7 812 555 12 34', email: `exchange-${driver}@mail.ru` },
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      consent: true,
    });
    const otherId = (other.json() as { id: number }).id;
    const statuses = fixture('orders-status.xml')
      .toString('utf8')
      .replaceAll('ORDER_ID', String(orderId))
      .replaceAll('ILLEGAL_ID', String(otherId))
      .replaceAll('NEXT_STATUS', 'Подтверждён');
    const moved = await oneC.upload('sale', 'orders.xml', Buffer.from(statuses, 'utf8'));
    expect(moved.statusCode).toBe(200);
    expect(moved.body.split('\n')).toEqual([
      'success',
      'Статусов изменено: 1.',
      'Документ с номером «ПТУ-000123» — не заказ магазина: пропущен.',
      `Заказ № ${otherId}: переход «Новый» → «Выполнен» невозможен, статус не изменён.`,
    ]);
    const rows = await shop.database.rows<{ id: number; status: string }>(
      sql`SELECT id, status FROM orders WHERE id IN (${orderId}, ${otherId}) ORDER BY id`,
    );
    expect(rows.map((row) => [Number(row.id), row.status])).toEqual([
      [orderId, 'confirmed'],
      [otherId, 'new'],
    ]);
    const [event] = await shop.database.rows<{ actor: string; to_status: string }>(
      sql`SELECT actor, to_status FROM order_events WHERE order_id = ${orderId} AND kind = 'status' ORDER BY id DESC LIMIT 1`,
    );
    expect(event).toEqual({ actor: 'system', to_status: 'confirmed' });
    // The same file again: nothing to change, nothing refused for the order already there.
    const again = await oneC.upload('sale', 'orders.xml', Buffer.from(statuses, 'utf8'));
    expect(again.body).toContain('Статусов изменено: 0.');
    // The changed order goes out on the next query with its new status.
    const next = await oneC.request('type=sale&mode=query');
    expect(next.body).toContain(`<Номер>${orderId}</Номер>`);
    expect(next.body).toContain('<Значение>Подтверждён</Значение>');
  });

  it('applies offers.xml in steps of at most the step limit, answering «progress» until the last', async () => {
    await oneC.checkauth('catalog');
    const init = await oneC.request('type=catalog&mode=init');
    const limit = Number(/file_limit=(\d+)/.exec(init.body)?.[1]);
    await oneC.send('catalog', 'offers.xml', fixture('offers.xml'), limit);
    const answers: string[] = [];
    for (let call = 0; call < 3; call += 1)
      answers.push((await oneC.request('type=catalog&mode=import&filename=offers.xml')).body);
    // Three offers, one per call (EXCHANGE.step.offers): two «progress», then «success» with the totals.
    expect(answers[0]).toMatch(/^progress\nПредложений обработано: 1 из 3, /);
    expect(answers[1]).toMatch(/^progress\nПредложений обработано: 2 из 3, /);
    expect(answers[2]).toMatch(/^success\n/);
    expect(answers[2]).toContain('Предложений: 3, цен изменено: ');
    // Finished: the same file imported again starts over (a re-run, changing nothing).
    const again = await oneC.request('type=catalog&mode=import&filename=offers.xml');
    expect(again.body).toMatch(
      /^progress\nПредложений обработано: 1 из 3, цен изменено: 0, остатков изменено: 0;/,
    );
    // init starts a new exchange: no step of the old one is continued.
    await oneC.request('type=catalog&mode=init');
    expect(await count(sql`SELECT count(*)::int AS n FROM exchange_progress`)).toBe(0);
  });

  it('imports the pictures of import.xml through the upload checks, in steps, once per content', async () => {
    await oneC.checkauth('catalog');
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a6d4f' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#2f4f4f' } })
      .png()
      .toBuffer();
    const files = (first: Buffer) =>
      [
        [PICTURE_FILES[0], first],
        [PICTURE_FILES[1], png],
        // A «picture» that is none: refused by its content, whatever its name says.
        [PICTURE_FILES[2], Buffer.from('<html>не картинка</html>')],
      ] as const;
    const imported = await oneC.upload('catalog', 'import.xml', fixture('import-pictures.xml'), files(jpeg));
    expect(imported.statusCode, imported.body).toBe(200);
    // Two pictures per call (EXCHANGE.step.pictures): «progress», then «success».
    expect(imported.calls).toBe(2);
    expect(imported.body).toMatch(/^success\n/);
    expect(imported.body).toContain(
      `Картинка «${PICTURE_FILES[2]}» товара «Диван «Осло» угловой»: Можно загрузить только изображения JPG, PNG или WEBP.`,
    );
    expect(imported.body).toContain(
      `Картинка «${PICTURE_FILES[3]}» товара «Диван «Осло» угловой» не загружена (mode=file): пропущена.`,
    );
    const sofa = await productOf(SOFA);
    const gallery = async () =>
      shop.database.rows<{ image_key: string; position: number }>(
        sql`SELECT image_key, position FROM product_images WHERE product_id = ${Number(sofa?.id)} ORDER BY position`,
      );
    const first = await gallery();
    expect(first).toHaveLength(2);
    for (const row of first) expect(row.image_key).toMatch(/^upload\/cml-[0-9a-f]{12}$/);
    const served = async (key: string) =>
      (await shop.app.inject({ method: 'GET', url: `/media/${key}-320.webp` })).statusCode;
    expect(await served(first[0]?.image_key ?? '')).toBe(200);
    const [main] = await shop.database.rows<{ main_image_key: string }>(
      sql`SELECT main_image_key FROM products WHERE id = ${Number(sofa?.id)}`,
    );
    expect(main?.main_image_key).toBe(first[0]?.image_key);

    // The same package again: one call, nothing rendered or attached.
    const rerun = await oneC.upload('catalog', 'import.xml', fixture('import-pictures.xml'), files(jpeg));
    expect(rerun.calls).toBe(1);
    expect(rerun.body).toContain('Картинок: 4, добавлено в этом шаге: 0.');
    expect(await gallery()).toEqual(first);

    // The first file changed in 1С: its new picture takes the old one's place, whose files go.
    const changed = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    await oneC.upload('catalog', 'import.xml', fixture('import-pictures.xml'), files(changed));
    const replaced = await gallery();
    expect(replaced).toHaveLength(2);
    expect(replaced[0]?.image_key).not.toBe(first[0]?.image_key);
    expect(replaced[1]).toEqual(first[1]);
    expect(await served(first[0]?.image_key ?? '')).toBe(404);
    expect(await served(replaced[0]?.image_key ?? '')).toBe(200);
    expect(await count(sql`SELECT count(*)::int AS n FROM exchange_pictures`)).toBe(2);
  });

  it('throttles wrong exchange passwords per address like the admin login: 429 in 1С’s text', async () => {
    const attempt = (password: string, remoteAddress: string) =>
      shop.app.inject({
        method: 'GET',
        url: `${EXCHANGE_PATH}?type=catalog&mode=checkauth`,
        remoteAddress,
        headers: {
          authorization: `Basic ${Buffer.from(`${EXCHANGE.login}:${password}`).toString('base64')}`,
        },
      });
    const attacker = '198.51.100.7';
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess += 1)
      statuses.push((await attempt(`угадываю-${guess}`, attacker)).statusCode);
    // Ten free failures (LOGIN_THROTTLE.addressAccount), then refused before the password is checked.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const blocked = await attempt(EXCHANGE.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatch(
      /^failure\nСлишком много неверных паролей обмена с этого адреса\. Повторите через \d+ мин\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Basic on any other mode (МойСклад's way) counts the same.
    const init = await shop.app.inject({
      method: 'GET',
      url: `${EXCHANGE_PATH}?type=catalog&mode=init`,
      remoteAddress: attacker,
      headers: { authorization: BASIC },
    });
    expect(init.statusCode).toBe(429);
    // Another address is not blocked, and its right password is taken back (not counted).
    const other = '198.51.100.8';
    for (let round = 0; round < 12; round += 1)
      expect((await attempt(EXCHANGE.password, other)).statusCode).toBe(200);
  });

  it('reads windows-1251 and UTF-8 with a byte order mark; refuses undeclared 1251 bytes', async () => {
    await oneC.checkauth('catalog');
    expect((await oneC.upload('catalog', 'import.xml', fixture('import-windows-1251.xml'))).body).toMatch(
      /^success\n/,
    );
    expect((await productOf('1251-aaaa-11ee-8c90-0242ac120002'))?.name).toBe('Диван «Осло» угловой');
    expect((await oneC.upload('catalog', 'import.xml', fixture('import-utf8-bom.xml'))).body).toMatch(
      /^success\n/,
    );
    expect((await productOf('b0b0-aaaa-11ee-8c90-0242ac120002'))?.name).toBe('Диван «Осло» угловой');
    const undeclared = await oneC.upload('catalog', 'import.xml', fixture('import-1251-undeclared.xml'));
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.body).toMatch(/^failure\nФайл не в кодировке UTF-8/);
  });

  it('refuses hostile files with a message and changes nothing: an XML bomb, a huge file, deep nesting, garbage', async () => {
    await oneC.checkauth('catalog');
    const before = await count(sql`SELECT count(*)::int AS n FROM categories`);
    const bomb = await oneC.upload('catalog', 'import.xml', fixture('xml-bomb.xml'));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.body).toBe('failure\nФайл содержит DOCTYPE или ENTITY: такие файлы не принимаются.');

    // Larger than the whole-file limit: refused while uploading, never parsed.
    const huge = Buffer.alloc(EXCHANGE.fileLimit + 1, 'a');
    const hugeAnswer = await oneC.upload('catalog', 'import.xml', huge);
    expect(hugeAnswer.statusCode).toBe(400);
    expect(hugeAnswer.body).toMatch(/^failure\nФайл «import\.xml» больше допустимого размера\.$/);
    // One request above the announced file_limit: refused by the server before it is read.
    const oversized = await oneC.request(
      'type=catalog&mode=file&filename=import.xml',
      Buffer.alloc(EXCHANGE.chunkLimit + 1),
    );
    expect(oversized.statusCode).toBe(413);

    const deep = `<?xml version="1.0"?><КоммерческаяИнформация>${'<a>'.repeat(60)}${'</a>'.repeat(60)}</КоммерческаяИнформация>`;
    const deepAnswer = await oneC.upload('catalog', 'import.xml', Buffer.from(deep));
    expect(deepAnswer.statusCode).toBe(400);
    expect(deepAnswer.body).toMatch(/^failure\n/);

    const broken = await oneC.upload(
      'catalog',
      'import.xml',
      Buffer.from('<КоммерческаяИнформация><Каталог>'),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toMatch(/^failure\nФайл не является корректным XML/);
    const notCml = await oneC.upload('catalog', 'import.xml', Buffer.from('<?xml version="1.0"?><html/>'));
    expect(notCml.body).toBe('failure\nЭто не файл CommerceML: нет элемента КоммерческаяИнформация.');
    const koi = await oneC.upload(
      'catalog',
      'import.xml',
      Buffer.from('<?xml version="1.0" encoding="KOI8-R"?><КоммерческаяИнформация/>'),
    );
    expect(koi.body).toMatch(/^failure\nКодировка «koi8-r» не поддерживается/);
    expect(await count(sql`SELECT count(*)::int AS n FROM categories`)).toBe(before);
  });

  it('answers every malformed request with a failure text, never a 500', async () => {
    await oneC.checkauth('catalog');
    const traversal = await oneC.request(
      'type=catalog&mode=file&filename=..%2F..%2Fetc%2Fpasswd',
      Buffer.from('x'),
    );
    expect(traversal.statusCode).toBe(400);
    expect(traversal.body).toMatch(/^failure\nНедопустимое имя файла/);
    const cases: [string, number, RegExp][] = [
      ['type=catalog&mode=teleport', 400, /^failure\nНеизвестный режим обмена/],
      ['type=warehouse&mode=init', 400, /^failure\nНеизвестный тип обмена/],
      [
        'type=catalog&mode=import&filename=never-uploaded.xml',
        400,
        /^failure\nФайл «never-uploaded\.xml» не загружен/,
      ],
      ['type=catalog&mode=import', 400, /^failure\nНе указано имя файла/],
      ['type=catalog&mode=file&filename=import.xml', 400, /^failure\nФайл «import\.xml» пуст/],
      ['type=sale&mode=import&filename=orders.xml', 400, /^failure\nРежим import есть только/],
      ['type=catalog&mode=query', 400, /^failure\nРежим query есть только/],
    ];
    for (const [query, status, body] of cases) {
      const response = await oneC.request(query);
      expect(response.statusCode, query).toBe(status);
      expect(response.body, query).toMatch(body);
    }
  });
});

describe('the exchange while its account is not set', () => {
  let shop: ShopTestApp;
  beforeAll(async () => {
    shop = await startShopApp('pglite', {}, { exchange: null });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('is off: 404 with the reason, whatever is sent', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `${EXCHANGE_PATH}?type=catalog&mode=checkauth`,
      headers: { authorization: BASIC },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('failure\nОбмен с 1С выключен: задайте EXCHANGE_LOGIN и EXCHANGE_PASSWORD.');
  });
});
