import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { AdminOrderListFilter } from '../server/application/admin-orders.port';
import { openDatabase } from '../server/infrastructure/db/database';
import { DrizzleAdminOrdersRepository } from '../server/infrastructure/orders/admin-orders.repository';
import { numberOption, percentile } from './bench-support';

/**
 * `npm run bench:orders [-- --orders 100000 --runs 200]`: the back office's order list at scale (issue
 * 10: p95 ≤ 50 ms on PGlite at 100 000 orders). Migrates an in-memory PGlite, inserts the orders in
 * one generate_series statement (a year of orders, every status, Russian phones in mixed spellings, a
 * 'created' event each), then runs the repository's list — the same code the API runs — for a few
 * filter mixes, each `runs` times after a warm-up, and prints p50 / p95 / max. Not a timed test: the
 * figures go to docs/performance.md.
 */
const ORDERS = numberOption('--orders', 100_000);
const RUNS = numberOption('--runs', 200);
const DAY = 86_400_000;

async function main(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  const started = performance.now();
  const [client] = await database.rows<{ id: number }>(
    sql`insert into users (email, role, name) values ('bench@mail.ru', 'user', 'Бенчмарк') returning id`,
  );
  if (!client) throw new Error('no client');
  const statuses = sql.raw(
    `ARRAY['new','confirmed','awaiting_payment','awaiting_prepayment','paid','prepaid','ordered_from_factory','in_stock','delivery_agreed','shipped','delivered','completed','cancelled','claim']`,
  );
  // Phones: +7 9xx in three spellings, the way they arrived before and after E.164 storage.
  await database.rows(sql`
    insert into orders (client_id, status, items, subtotal, discount, total, promo_code, contact_name,
      contact_phone, contact_email, delivery_method, delivery_address, payment_method, created_at,
      updated_at, status_changed_at)
    select ${client.id}, (${statuses})[1 + (n::bigint * 7919) % 14], '[]'::jsonb, 100 * (1000 + n % 90000),
      0, 100 * (1000 + n % 90000), case when n % 10 = 0 then 'HOME10' end,
      'Клиент ' || n, case n % 3
        when 0 then '+79' || lpad(((n::bigint * 104729) % 1000000000)::text, 9, '0')
        when 1 then '8 9' || lpad(((n::bigint * 104729) % 1000000000)::text, 9, '0')
        else '+7 (9' || substr(lpad(((n::bigint * 104729) % 1000000000)::text, 9, '0'), 1, 2) || ') ' ||
          substr(lpad(((n::bigint * 104729) % 1000000000)::text, 9, '0'), 3, 3) || '-' ||
          substr(lpad(((n::bigint * 104729) % 1000000000)::text, 9, '0'), 6, 2) || '-' ||
          substr(lpad(((n::bigint * 104729) % 1000000000)::text, 9, '0'), 8, 2) end,
      'client' || n || '@mail.ru', case when n % 2 = 0 then 'courier' else 'pickup' end,
      case when n % 2 = 0 then 'Москва, ул. Тверская, ' || n end,
      case when n % 3 = 0 then 'on_delivery' else 'online' end,
      now() - ((n % 365) || ' days')::interval - ((n % 1440) || ' minutes')::interval,
      now() - ((n % 365) || ' days')::interval, now() - ((n % 365) || ' days')::interval
    from generate_series(1, ${ORDERS}) as n`);
  await database.rows(sql`
    insert into order_events (order_id, kind, actor, to_status, at)
    select id, 'created', 'client', 'new', created_at from orders`);
  await database.rows(sql`analyze`);
  console.log(`${ORDERS} заказов вставлено за ${Math.round(performance.now() - started)} мс`);

  const repository = new DrizzleAdminOrdersRepository(database.db);
  const now = Date.now();
  // A phone of an order inside the date range, typed the «8 …» way.
  const [probe] = await database.rows<{ digits: string }>(
    sql`select contact_phone_digits as digits from orders where status in ('new', 'confirmed')
        and created_at > now() - interval '20 days' order by id limit 1`,
  );
  const typed = `8 ${probe?.digits.slice(1, 4)} ${probe?.digits.slice(4, 7)} ${probe?.digits.slice(7, 9)} ${probe?.digits.slice(9)}`;
  const base: AdminOrderListFilter = { deleted: false, sort: 'createdAt', dir: 'desc' };
  const mixes: { name: string; filter: AdminOrderListFilter; page: number }[] = [
    {
      name: 'статус + 30 дней + телефон «8 …» + сортировка по сумме, стр. 1',
      filter: {
        ...base,
        statuses: ['new', 'confirmed'],
        createdFrom: now - 30 * DAY,
        createdBefore: now,
        q: typed,
        sort: 'total',
      },
      page: 1,
    },
    {
      name: 'статус + 30 дней, по дате, стр. 3',
      filter: { ...base, statuses: ['new', 'confirmed'], createdFrom: now - 30 * DAY, createdBefore: now },
      page: 3,
    },
    { name: 'без фильтров, по дате, стр. 1', filter: base, page: 1 },
    {
      name: 'часть телефона (7 цифр), стр. 1',
      filter: { ...base, q: probe?.digits.slice(-7) ?? '' },
      page: 1,
    },
    { name: 'имя «Клиент 4242»', filter: { ...base, q: 'Клиент 4242' }, page: 1 },
    { name: 'просроченные, стр. 1', filter: { ...base, overdueAt: now }, page: 1 },
  ];
  for (const mix of mixes) {
    let found = 0;
    for (let warm = 0; warm < 5; warm += 1) found = (await repository.list(mix.filter, mix.page, 20)).total;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      await repository.list(mix.filter, mix.page, 20);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${mix.name}: найдено ${found}; p50 ${percentile(times, 50).toFixed(1)} мс, p95 ${percentile(times, 95).toFixed(1)} мс, max ${percentile(times, 100).toFixed(1)} мс (${RUNS} запросов)`,
    );
  }
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
