import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { openDatabase } from '../server/infrastructure/db/database';
import { numberOption, percentile, runCommand, waitForServer } from './bench-support';

/**
 * `npm run bench:admin [-- postgres://…] [--pglite] [--products 100000] [--orders 20000] [--runs 20]
 * [--no-browser] [--no-build] [--exports-only]`: the back office at scale (issue 27 item 5).
 *
 * Seeds the catalogue with the demo generator's batched inserts (scripts/db-seed.ts) and the orders with
 * one generate_series statement (not the HTTP API), into PostgreSQL (the URL argument, else
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL; re-seeded only when the counts differ) or, with
 * `--pglite`, into a PGlite scratch directory (.tmp/bench/admin-<products>). It then starts the real
 * server with the read cache off, signs in as the administrator over real HTTP and times every admin
 * list, search, filter, sort, deep page and export (`runs` times each after two unmeasured calls;
 * exports: time and the server's peak RSS during the download), and — unless `--no-browser` — the
 * admin product screen in Chromium: from navigation to its rows drawn. Writes bench-results/admin-<time>.json
 * with the load average. Never fails on a missed target (p95 ≤ 150 ms from the API, drawn within 1 s): it
 * reports them.
 */

const PRODUCTS = numberOption('--products', 100_000);
const ORDERS = numberOption('--orders', 20_000);
const RUNS = numberOption('--runs', 20);
const PORT = numberOption('--port', 3193);
const BASE = `http://127.0.0.1:${PORT}`;
const TSX = resolve('node_modules/.bin/tsx');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CLIENT_DIR = resolve('.tmp/bench-admin/client');
const ADMIN_EMAIL = 'bench-admin@domistil.local';
const ADMIN_PASSWORD = 'Бенчмарк бэк-офиса 2026';
const API_TARGET_P95_MS = 150;
const DRAW_TARGET_MS = 1000;

const usePglite = process.argv.includes('--pglite');
const urlArgument = process.argv.slice(2).find((arg) => /^postgres(ql)?:\/\//.test(arg));
const DATABASE_URL = usePglite
  ? ''
  : (urlArgument ?? process.env.BENCH_DATABASE_URL?.trim() ?? process.env.TEST_DATABASE_URL?.trim() ?? '');
if (!usePglite && DATABASE_URL === '')
  throw new Error('Нужен адрес PostgreSQL (аргумент, BENCH_DATABASE_URL или TEST_DATABASE_URL) или --pglite');
const dataDir = resolve(`.tmp/bench/admin-${PRODUCTS}`);
const databaseEnv = (): NodeJS.ProcessEnv =>
  usePglite ? { DATA_DIR: dataDir, DATABASE_URL: '' } : { DATABASE_URL };

const round = (value: number) => Math.round(value * 10) / 10;

/** The counts of products and orders now in the database (null: no schema yet). */
async function counts(): Promise<{ products: number; orders: number } | null> {
  if (usePglite) {
    if (!existsSync(join(dataDir, 'seeded'))) return null;
    return { products: PRODUCTS, orders: existsSync(join(dataDir, 'orders-seeded')) ? ORDERS : 0 };
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query<{ products: number; orders: number }>(
      'SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM orders) AS orders',
    );
    const row = result.rows[0];
    return row === undefined ? null : { products: row.products, orders: row.orders };
  } catch {
    // No schema yet.
    return null;
  } finally {
    await client.end();
  }
}

/**
 * ORDERS orders in one statement: a year of them, every status, Russian names (so a surname matches
 * many orders, as in a real shop), e-mails, phones in three spellings, one line of a real product each,
 * and a 'created' event each.
 */
async function seedOrders(): Promise<number> {
  const started = performance.now();
  const database = await openDatabase(
    usePglite
      ? { kind: 'pglite', dataDir: join(dataDir, 'pglite') }
      : { kind: 'pg', connectionString: DATABASE_URL },
  );
  try {
    await database.rows(
      sql`DELETE FROM order_events WHERE order_id IN (SELECT id FROM orders WHERE contact_email LIKE '%@bench.example')`,
    );
    await database.rows(sql`DELETE FROM orders WHERE contact_email LIKE '%@bench.example'`);
    const [client] = await database.rows<{ id: number }>(sql`
      INSERT INTO users (email, role, name) VALUES ('bench-client@bench.example', 'user', 'Бенчмарк')
      ON CONFLICT (email) DO UPDATE SET name = excluded.name RETURNING id`);
    if (!client) throw new Error('no client');
    const statuses = sql.raw(
      `ARRAY['new','confirmed','awaiting_payment','awaiting_prepayment','paid','prepaid','ordered_from_factory','in_stock','delivery_agreed','shipped','delivered','completed','cancelled','claim']`,
    );
    const surnames = sql.raw(
      `ARRAY['Иванов','Смирнов','Кузнецов','Попов','Васильев','Петров','Соколов','Михайлов','Новиков','Фёдоров','Морозов','Волков','Алексеев','Лебедев','Семёнов','Егоров','Павлов','Козлов','Степанов','Николаев']`,
    );
    const names = sql.raw(
      `ARRAY['Александр','Мария','Дмитрий','Анна','Сергей','Елена','Андрей','Ольга','Алексей','Наталья','Иван','Татьяна']`,
    );
    const digits = sql.raw(`lpad(((n::bigint * 104729) % 1000000000)::text, 9, '0')`);
    await database.rows(sql`
      WITH picked AS (SELECT id, name, price, row_number() OVER (ORDER BY id) AS k FROM products LIMIT 5000)
      INSERT INTO orders (client_id, status, items, subtotal, discount, total, promo_code, contact_name,
        contact_phone, contact_email, delivery_method, delivery_address, payment_method, created_at,
        updated_at, status_changed_at)
      SELECT ${client.id}, (${statuses})[1 + (n::bigint * 7919) % 14],
        jsonb_build_array(jsonb_build_object('productId', p.id, 'name', p.name, 'quantity', 1 + n % 3,
          'unitPrice', p.price * 100, 'lineTotal', p.price * 100 * (1 + n % 3))),
        p.price * 100 * (1 + n % 3), 0, p.price * 100 * (1 + n % 3), CASE WHEN n % 10 = 0 THEN 'HOME10' END,
        (${surnames})[1 + n % 20] || CASE WHEN (${names})[1 + n % 12] IN ('Мария','Анна','Елена','Ольга','Наталья','Татьяна') THEN 'а' ELSE '' END
          || ' ' || (${names})[1 + (n / 20) % 12],
        CASE n % 3
          WHEN 0 THEN '+79' || ${digits}
          WHEN 1 THEN '8 9' || ${digits}
          ELSE '+7 (9' || substr(${digits}, 1, 2) || ') ' || substr(${digits}, 3, 3) || '-' ||
            substr(${digits}, 6, 2) || '-' || substr(${digits}, 8, 2) END,
        'client' || n || '@bench.example', CASE WHEN n % 2 = 0 THEN 'courier' ELSE 'pickup' END,
        CASE WHEN n % 2 = 0 THEN 'Санкт-Петербург, Невский пр., ' || (n % 180) END,
        CASE WHEN n % 3 = 0 THEN 'on_delivery' ELSE 'online' END,
        now() - ((n % 365) || ' days')::interval - ((n % 1440) || ' minutes')::interval,
        now() - ((n % 365) || ' days')::interval, now() - ((n % 365) || ' days')::interval
      FROM generate_series(1, ${ORDERS}) AS n JOIN picked p ON p.k = 1 + n % (SELECT count(*) FROM picked)`);
    await database.rows(sql`
      INSERT INTO order_events (order_id, kind, actor, to_status, at)
      SELECT id, 'created', 'client', 'new', created_at FROM orders WHERE contact_email LIKE '%@bench.example'`);
    // What autovacuum does to a table some time after a bulk load: statistics, and the visibility map
    // that lets a count or a deep page read an index alone (without it each index entry visits its row).
    await database.rows(sql`VACUUM ANALYZE`);
  } finally {
    await database.close();
  }
  return Math.round(performance.now() - started);
}

async function seedIfNeeded(): Promise<{ productsMs: number | null; ordersMs: number | null }> {
  const now = await counts();
  let productsMs: number | null = null;
  if (now === null || now.products !== PRODUCTS) {
    console.log(`Заполняю каталог: ${PRODUCTS} товаров (${usePglite ? 'PGlite' : 'PostgreSQL'})…`);
    mkdirSync(dataDir, { recursive: true });
    const started = performance.now();
    await runCommand(
      TSX,
      ['scripts/db-seed.ts', '--products', String(PRODUCTS), '--no-images'],
      databaseEnv(),
    );
    productsMs = Math.round(performance.now() - started);
    if (usePglite) writeFileSync(join(dataDir, 'seeded'), `${PRODUCTS} ${productsMs} ms\n`);
  }
  const after = await counts();
  let ordersMs: number | null = null;
  if (after === null || after.orders !== ORDERS || productsMs !== null) {
    console.log(`Заполняю заказы: ${ORDERS}…`);
    ordersMs = await seedOrders();
    if (usePglite) writeFileSync(join(dataDir, 'orders-seeded'), `${ORDERS} ${ordersMs} ms\n`);
    console.log(`Заказы: ${ordersMs} мс`);
  }
  return { productsMs, ordersMs };
}

/** The processes below `pid` (the tsx wrapper starts the server as its child). */
function descendantsOf(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // «pid (name) state ppid …»: the parent is the second field after the name's closing bracket.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** The largest resident set among the server's processes, in MB (Linux /proc). */
function rssOf(pids: readonly number[]): number {
  let largest = 0;
  for (const pid of pids) {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      largest = Math.max(largest, kb / 1024);
    } catch {
      // the process has ended
    }
  }
  return largest;
}

interface Timing {
  readonly name: string;
  readonly url: string;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly found: number | null;
}

class AdminSession {
  cookie = '';

  async signIn(): Promise<void> {
    const response = await fetch(`${BASE}/api/admin-login`, {
      method: 'POST',
      headers: { origin: BASE, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    if (!response.ok) throw new Error(`вход: HTTP ${response.status} ${await response.text()}`);
    this.cookie = response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0] ?? '')
      .filter((pair) => !pair.endsWith('='))
      .join('; ');
  }

  async get(path: string): Promise<Response> {
    const response = await fetch(`${BASE}${path}`, { headers: { origin: BASE, cookie: this.cookie } });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return response;
  }

  async time(name: string, path: string): Promise<Timing> {
    let found: number | null = null;
    for (let warm = 0; warm < 2; warm += 1) {
      const answer = (await (await this.get(path)).json()) as { total?: number };
      found = typeof answer.total === 'number' ? answer.total : null;
    }
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await (await this.get(path)).arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const timing = {
      name,
      url: path,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      max: round(times.at(-1) ?? 0),
      found,
    };
    console.log(`${name}: p50 ${timing.p50} / p95 ${timing.p95} мс (найдено ${found ?? '—'})`);
    return timing;
  }

  /** A whole export downloaded once: time, bytes and the server's peak RSS meanwhile. */
  async download(name: string, path: string, server: ChildProcess) {
    const pids = [server.pid ?? 0, ...descendantsOf(server.pid ?? 0)];
    const before = rssOf(pids);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pids));
    }, 100);
    const started = performance.now();
    const response = await this.get(path);
    const firstByteMs = Math.round(performance.now() - started);
    let bytes = 0;
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      bytes += chunk.value.byteLength;
    }
    const ms = Math.round(performance.now() - started);
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pids));
    const result = {
      name,
      url: path,
      firstByteMs,
      ms,
      bytes,
      rssBeforeMb: Math.round(before),
      rssPeakMb: Math.round(peak),
    };
    console.log(
      `${name}: первый байт ${firstByteMs} мс, весь файл ${ms} мс, ${Math.round(bytes / 1024)} КБ, RSS ${result.rssBeforeMb} → пик ${result.rssPeakMb} МБ`,
    );
    return result;
  }
}

async function idsFor(session: AdminSession) {
  const categories = (await (await session.get('/api/admin/categories')).json()) as {
    id: number;
    parent_id: number | null;
    product_count: number;
  }[];
  const root = categories.find((category) => category.parent_id === null) ?? categories[0];
  const leaf = [...categories]
    .filter((category) => !categories.some((child) => child.parent_id === category.id))
    .sort((a, b) => b.product_count - a.product_count)[0];
  const page = (await (await session.get('/api/admin/products?limit=1&sort=name')).json()) as {
    items: { sku: string; name: string }[];
  };
  return { root: root?.id ?? 1, leaf: leaf?.id ?? 1, sku: page.items[0]?.sku ?? 'ДС-000001' };
}

async function measureApi(session: AdminSession) {
  const { root, leaf, sku } = await idsFor(session);
  const skuPart = sku.replace(/\D/g, '').slice(-4);
  const products: [string, string][] = [
    ['товары: первая страница', '/api/admin/products?limit=25'],
    ['товары: страница 2', '/api/admin/products?limit=25&page=2'],
    ['товары: страница 200', '/api/admin/products?limit=25&page=200'],
    ['товары: страница 2000 (глубоко)', '/api/admin/products?limit=25&page=2000'],
    ['товары: поиск по названию «диван»', `/api/admin/products?limit=25&q=${encodeURIComponent('диван')}`],
    ['товары: поиск «угловой»', `/api/admin/products?limit=25&q=${encodeURIComponent('угловой')}`],
    ['товары: поиск «ясень»', `/api/admin/products?limit=25&q=${encodeURIComponent('ясень')}`],
    ['товары: поиск двух букв «ди»', `/api/admin/products?limit=25&q=${encodeURIComponent('ди')}`],
    ['товары: поиск по артикулу', `/api/admin/products?limit=25&q=${encodeURIComponent(sku)}`],
    ['товары: поиск по части артикула', `/api/admin/products?limit=25&q=${encodeURIComponent(skuPart)}`],
    ['товары: нет совпадений', `/api/admin/products?limit=25&q=${encodeURIComponent('ъъъъ')}`],
    ['товары: корневая категория', `/api/admin/products?limit=25&category=${root}`],
    ['товары: листовая категория', `/api/admin/products?limit=25&category=${leaf}`],
    ['товары: категория, стр. 20', `/api/admin/products?limit=25&category=${root}&page=20`],
    [
      'товары: категория + поиск',
      `/api/admin/products?limit=25&category=${root}&q=${encodeURIComponent('дуб')}`,
    ],
    ['товары: нет в наличии', '/api/admin/products?limit=25&stock=out'],
    ['товары: скрытые', '/api/admin/products?limit=25&hidden=true'],
    ['товары: по названию', '/api/admin/products?limit=25&sort=name'],
    ['товары: по названию, стр. 500', '/api/admin/products?limit=25&sort=name&page=500'],
    ['товары: сначала дорогие', '/api/admin/products?limit=25&sort=price_desc'],
    ['товары: меньше остаток', '/api/admin/products?limit=25&sort=stock_asc'],
    ['товары: недавно изменённые', '/api/admin/products?limit=25&sort=updated'],
    ['товары: цена 10–20 тыс.', '/api/admin/products?limit=25&price_min=10000&price_max=20000'],
    ['категории (фильтр экрана товаров)', '/api/admin/categories'],
  ];
  const orders: [string, string][] = [
    ['заказы: первая страница', '/api/admin/orders'],
    ['заказы: страница 500', '/api/admin/orders?page=500'],
    ['заказы: статус новые', '/api/admin/orders?status=new'],
    [
      'заказы: новые + подтверждённые, 30 дней',
      `/api/admin/orders?status=new&status=confirmed&from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
    ],
    ['заказы: поиск по фамилии «Иванов»', `/api/admin/orders?q=${encodeURIComponent('Иванов')}`],
    ['заказы: поиск по имени и фамилии', `/api/admin/orders?q=${encodeURIComponent('Петрова Анна')}`],
    ['заказы: поиск по e-mail', `/api/admin/orders?q=${encodeURIComponent('client4242@bench')}`],
    ['заказы: поиск по части e-mail', `/api/admin/orders?q=${encodeURIComponent('bench.example')}`],
    ['заказы: поиск по телефону', `/api/admin/orders?q=${encodeURIComponent('8 921 000 00 00')}`],
    ['заказы: поиск по части телефона', `/api/admin/orders?q=${encodeURIComponent('4729')}`],
    ['заказы: по сумме', '/api/admin/orders?sort=total'],
    ['заказы: просроченные', '/api/admin/orders?overdue=true'],
    ['заказы: корзина (удалённые)', '/api/admin/orders?deleted=true'],
    ['клиенты: первая страница', '/api/admin/clients'],
  ];
  const timings: Timing[] = [];
  for (const [name, path] of [...products, ...orders]) timings.push(await session.time(name, path));
  return timings;
}

async function measureExports(session: AdminSession, server: ChildProcess) {
  return [
    await session.download('экспорт товаров CSV (все)', '/api/admin/products/export?format=csv', server),
    await session.download('экспорт товаров XLSX (все)', '/api/admin/products/export?format=xlsx', server),
    await session.download('экспорт заказов CSV (все)', '/api/admin/orders/export?format=csv', server),
    await session.download(
      'экспорт заказов XLSX (все, с позициями)',
      '/api/admin/orders/export?format=xlsx',
      server,
    ),
  ];
}

/** The admin product screen in Chromium: from navigation to its rows drawn, for a few addresses. */
async function measureScreen(session: AdminSession, rootCategory: number) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      session.cookie
        .split('; ')
        .filter(Boolean)
        .map((pair) => {
          const [name = '', ...value] = pair.split('=');
          return { name, value: value.join('='), url: BASE };
        }),
    );
    const page = await context.newPage();
    const screens: [string, string][] = [
      ['экран товаров: первая страница', '/admin/products'],
      ['экран товаров: поиск «диван»', `/admin/products?q=${encodeURIComponent('диван')}`],
      ['экран товаров: категория', `/admin/products?category=${rootCategory}`],
      ['экран товаров: страница 2000', '/admin/products?page=2000'],
      ['экран заказов: первая страница', '/admin/orders'],
    ];
    const results = [];
    // One unmeasured load: the browser's cache holds the app's scripts, as for a manager at work.
    await page.goto(`${BASE}/admin/products`);
    await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    for (const [name, path] of screens) {
      const times: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        const started = performance.now();
        await page.goto(`${BASE}${path}`);
        await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const result = { name, url: path, p50: round(percentile(times, 50)), max: round(times.at(-1) ?? 0) };
      console.log(`${name}: строки нарисованы за ${result.p50} мс (макс. ${result.max})`);
      results.push(result);
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const seeding = await seedIfNeeded();
  const exportsOnly = process.argv.includes('--exports-only');
  const browserWanted = !process.argv.includes('--no-browser') && !exportsOnly;
  if (browserWanted && !process.argv.includes('--no-build')) {
    console.log('Собираю клиент в .tmp/bench-admin/client…');
    await runCommand('npx', ['vite', 'build', '--outDir', CLIENT_DIR, '--emptyOutDir'], {
      VITE_API_BASE_URL: '/',
    });
  }
  const server = spawn(TSX, ['server/main.ts'], {
    env: {
      ...process.env,
      ...databaseEnv(),
      ...(usePglite ? {} : { DATA_DIR: resolve('.tmp/bench/admin-files') }),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      LOG_LEVEL: 'warn',
      CACHE_ENTRIES: '0',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      CLIENT_DIR,
    },
    stdio: 'inherit',
  });
  try {
    await waitForServer(BASE, server);
    const session = new AdminSession();
    await session.signIn();
    const api = exportsOnly ? [] : await measureApi(session);
    const exports = await measureExports(session, server);
    const screen =
      browserWanted && !exportsOnly ? await measureScreen(session, (await idsFor(session)).root) : [];
    const report = {
      bench: 'bench:admin',
      driver: usePglite ? 'pglite' : 'postgresql',
      products: PRODUCTS,
      orders: ORDERS,
      runs: RUNS,
      cache: 'off (CACHE_ENTRIES=0)',
      serverNodeOptions: process.env.NODE_OPTIONS ?? null,
      transport: 'real HTTP (fetch to 127.0.0.1), one request at a time, signed in as the administrator',
      seeding,
      loadAverage: { before: loadBefore, after: loadavg() },
      targets: { apiP95Ms: API_TARGET_P95_MS, drawnMs: DRAW_TARGET_MS },
      api,
      overTarget: api.filter((timing) => timing.p95 > API_TARGET_P95_MS).map((timing) => timing.name),
      exports,
      screen,
    };
    mkdirSync('bench-results', { recursive: true });
    const file = `bench-results/admin-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Вне цели p95 ≤ ${API_TARGET_P95_MS} мс: ${report.overTarget.join('; ') || 'ничего'}`);
    console.log(
      `Нагрузка: ${loadBefore.map(round).join(' ')} → ${report.loadAverage.after.map(round).join(' ')}`,
    );
    console.log(`Отчёт: ${file}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
