import { fc } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, BulkResult } from '../../api/admin-orders';
import type { AdminProduct, StockMovementList } from '../../api/admin-products';
import type { Order } from '../../api/orders';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 22, items 2–4, on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL; the races
 * only on PostgreSQL, PGlite serialises queries): the stock ledger (every change a row, the stock
 * what the ledger says, an edit takes or gives back the difference, a cancel returns what was taken,
 * oversell refused or sold «под заказ»), promo limits on the manager's paths, and stale status
 * changes answered 409. After every scenario Σ delta = stock for every product (docs/stock.md).
 */
describe.each(testDrivers())('stock ledger, promo limits, stale status (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let adminId = 0;
  let buyer: Browser;
  let buyerId = 0;
  let nextProduct = 0;
  let productIds: number[] = [];

  /** A product of the seeded catalogue no other test touched, with this stock. */
  const freshProduct = async (
    stock: number | null,
    backorder = false,
  ): Promise<{ id: number; name: string }> => {
    const id = productIds[nextProduct++];
    if (id === undefined) throw new Error('out of test products');
    await shop.database.rows(sql`select set_stock_balance(${id}, ${stock}, 'manual_correction', null, null)`);
    await shop.database.rows(sql`update products set backorder_allowed = ${backorder} where id = ${id}`);
    const [row] = await shop.database.rows<{ name: string }>(sql`select name from products where id = ${id}`);
    return { id, name: row?.name ?? '' };
  };
  const stockOf = async (id: number): Promise<number | null> => {
    const [row] = await shop.database.rows<{ stock: number | null }>(
      sql`select stock from products where id = ${id}`,
    );
    return row?.stock === null || row?.stock === undefined ? null : Number(row.stock);
  };
  /** The ledger's promise: Σ delta of a product's rows = coalesce(stock, 0), for every product. */
  const expectLedgerMatchesStock = async () => {
    const drift = await shop.database.rows<{ id: number }>(sql`
      select p.id from products p
      left join (select product_id, sum(delta)::int as total from stock_movements group by product_id) m
        on m.product_id = p.id
      where coalesce(p.stock, 0) <> coalesce(m.total, 0)`);
    expect(drift).toEqual([]);
  };
  const heldBy = async (orderId: number): Promise<number> => {
    const [row] = await shop.database.rows<{ held: number }>(
      sql`select coalesce(-sum(delta), 0)::int as held from stock_movements where order_id = ${orderId}`,
    );
    return Number(row?.held ?? 0);
  };
  /** A signed-in client's checkout to their own e-mail (no per-mailbox limit). */
  const checkout = (
    who: Browser,
    lines: readonly { id: number; quantity: number }[],
    promo?: string,
    email = 'stock-buyer@mail.ru',
  ) =>
    who.post('/api/orders', {
      cart: lines,
      contact: { name: 'Вера Кузнецова', phone: '+7 812 555 12 34', email },
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      consent: true,
      ...(promo ? { promoCode: promo } : {}),
    });
  const adminOrder = (lines: readonly { productId: number; quantity: number }[], promo?: string) =>
    admin.post('/api/admin/orders/new', {
      clientId: buyerId,
      contact: { name: 'Вера Кузнецова', phone: '+7 812 555 12 34', email: 'stock-buyer@mail.ru' },
      lines,
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      ...(promo ? { promoCode: promo } : {}),
    });
  const editCart = (orderId: number, lines: readonly { productId: number; quantity: number }[]) =>
    admin.patch(`/api/admin/orders/${orderId}/cart`, { lines });
  const promoCode = async (code: string, usageLimit: number | null) => {
    await shop.database.rows(sql`
      insert into promo_codes (code, discount_percent, usage_limit) values (${code}, 10, ${usageLimit})`);
  };
  const usesOf = async (code: string): Promise<number> => {
    const [row] = await shop.database.rows<{ uses: number }>(
      sql`select uses from promo_codes where code = ${code}`,
    );
    return Number(row?.uses);
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    const rows = await shop.database.rows<{ id: number }>(
      sql`select id from products where deleted_at is null and price > 0 order by id desc limit 200`,
    );
    productIds = rows.map((row) => Number(row.id));
    admin = new Browser(shop.app);
    buyer = new Browser(shop.app);
    buyerId = await buyer.register('stock-buyer@mail.ru');
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const [row] = await shop.database.rows<{ id: number }>(
      sql`select id from users where email = ${ADMIN_EMAIL}`,
    );
    adminId = Number(row?.id);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("the issue's scenario: 3 real units stay 3 — an edit above the stock and an admin order for 4 are refused, a cancel returns what was taken", async () => {
    const sofa = await freshProduct(3);
    const guest = await checkout(buyer, [{ id: sofa.id, quantity: 1 }]);
    expect(guest.statusCode, guest.body).toBe(201);
    const order = guest.json() as Order;
    expect(await stockOf(sofa.id)).toBe(2);

    const edited = await editCart(order.id, [{ productId: sofa.id, quantity: 5 }]);
    expect(edited.statusCode).toBe(409);
    expect(edited.json()).toMatchObject({
      error: 'out_of_stock',
      message: `Недостаточно товара «${sofa.name}»: для заказа доступно 3 шт., указано 5.`,
    });
    expect(await stockOf(sofa.id)).toBe(2);
    expect((await admin.get(`/api/admin/orders/${order.id}`)).json().items[0].quantity).toBe(1);

    expect((await admin.moveOrder(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(sofa.id)).toBe(3);

    const tooMany = await adminOrder([{ productId: sofa.id, quantity: 4 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(
      `Недостаточно товара «${sofa.name}»: для заказа доступно 3 шт., указано 4.`,
    );
    expect(await stockOf(sofa.id)).toBe(3);

    const phone = await adminOrder([{ productId: sofa.id, quantity: 3 }]);
    expect(phone.statusCode, phone.body).toBe(201);
    const phoneOrder = phone.json() as AdminOrderDetail;
    expect(await stockOf(sofa.id)).toBe(0);
    expect((await admin.moveOrder(phoneOrder.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(sofa.id)).toBe(3);
    // A second cancel returns nothing: the order holds nothing any more.
    expect((await admin.moveOrder(phoneOrder.id, 'cancelled')).statusCode).toBe(409);
    expect(await stockOf(sofa.id)).toBe(3);
    expect(await heldBy(phoneOrder.id)).toBe(0);
    await expectLedgerMatchesStock();
  });

  it('an edit takes or gives back exactly the difference, each a ledger row with the manager', async () => {
    const chair = await freshProduct(10);
    const lamp = await freshProduct(4);
    const placed = await adminOrder([{ productId: chair.id, quantity: 1 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as AdminOrderDetail;
    expect(await stockOf(chair.id)).toBe(9);
    expect((await editCart(order.id, [{ productId: chair.id, quantity: 4 }])).statusCode).toBe(200);
    expect(await stockOf(chair.id)).toBe(6);
    const swapped = await editCart(order.id, [
      { productId: chair.id, quantity: 2 },
      { productId: lamp.id, quantity: 4 },
    ]);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect([await stockOf(chair.id), await stockOf(lamp.id)]).toEqual([8, 0]);
    expect((await editCart(order.id, [{ productId: lamp.id, quantity: 1 }])).statusCode).toBe(200);
    expect([await stockOf(chair.id), await stockOf(lamp.id)]).toEqual([10, 3]);
    const rows = await shop.database.rows<{
      product_id: number;
      delta: number;
      reason: string;
      actor_id: number;
    }>(sql`
      select product_id, delta, reason, actor_id from stock_movements where order_id = ${order.id} order by id`);
    // One edit's rows go in product-id order (the lock order), so compare them as a set.
    const byProduct = (list: (string | number)[][]) =>
      [...list].sort((x, y) => String(x).localeCompare(String(y)));
    expect(byProduct(rows.map((row) => [Number(row.product_id), Number(row.delta), row.reason]))).toEqual(
      byProduct([
        [chair.id, -1, 'order_taken'],
        [chair.id, -3, 'order_edited'],
        [chair.id, 2, 'order_edited'],
        [lamp.id, -4, 'order_edited'],
        [chair.id, 2, 'order_edited'],
        [lamp.id, 3, 'order_edited'],
      ]),
    );
    expect(rows.every((row) => Number(row.actor_id) === adminId)).toBe(true);
    expect((await admin.moveOrder(order.id, 'cancelled')).statusCode).toBe(200);
    expect([await stockOf(chair.id), await stockOf(lamp.id)]).toEqual([10, 4]);
    await expectLedgerMatchesStock();
  });

  it('a product allowing backorders is sold «под заказ»: the order takes what is there, never below zero', async () => {
    const wardrobe = await freshProduct(2, true);
    const placed = await adminOrder([{ productId: wardrobe.id, quantity: 5 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as AdminOrderDetail;
    expect(await stockOf(wardrobe.id)).toBe(0);
    expect(await heldBy(order.id)).toBe(2);
    const [stored] = await shop.database.rows<{ items: { backorder?: boolean }[] }>(
      sql`select items from orders where id = ${order.id}`,
    );
    expect(stored?.items[0]?.backorder).toBe(true);
    // The contract's line says so, for the card's «под заказ» badge.
    expect((await admin.get(`/api/admin/orders/${order.id}`)).json().items[0].backorder).toBe(true);
    // The shopper may order it too: the line waits for the factory.
    const guest = await checkout(buyer, [{ id: wardrobe.id, quantity: 1 }]);
    expect(guest.statusCode, guest.body).toBe(201);
    expect(await stockOf(wardrobe.id)).toBe(0);
    // Three units arrive; an edit down to 2 is covered by what the order holds.
    await shop.database.rows(
      sql`select record_stock_movement(${wardrobe.id}, 3, 'manual_correction', null, null, 'Поставка')`,
    );
    expect((await editCart(order.id, [{ productId: wardrobe.id, quantity: 2 }])).statusCode).toBe(200);
    const [after] = await shop.database.rows<{ items: { backorder?: boolean }[] }>(
      sql`select items from orders where id = ${order.id}`,
    );
    expect(after?.items[0]?.backorder).toBeUndefined();
    expect((await admin.get(`/api/admin/orders/${order.id}`)).json().items[0].backorder).toBeUndefined();
    expect(await stockOf(wardrobe.id)).toBe(3);
    expect((await admin.moveOrder(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(wardrobe.id)).toBe(5);
    await expectLedgerMatchesStock();
  });

  it('the bin gives a held order its stock back, restoring takes it again or is refused when short', async () => {
    const table = await freshProduct(3);
    const placed = await adminOrder([{ productId: table.id, quantity: 2 }]);
    const order = placed.json() as AdminOrderDetail;
    expect(await stockOf(table.id)).toBe(1);
    expect((await admin.delete(`/api/admin/orders/${order.id}`)).statusCode).toBe(200);
    expect(await stockOf(table.id)).toBe(3);
    expect((await admin.post(`/api/admin/orders/${order.id}/restore`)).statusCode).toBe(200);
    expect(await stockOf(table.id)).toBe(1);
    expect((await admin.delete(`/api/admin/orders/${order.id}`)).statusCode).toBe(200);
    const other = await checkout(buyer, [{ id: table.id, quantity: 2 }]);
    expect(other.statusCode).toBe(201);
    const refused = await admin.post(`/api/admin/orders/${order.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Недостаточно товара «${table.name}»: для заказа доступно 1 шт., указано 2.`,
    );
    expect((await admin.get(`/api/admin/orders/${order.id}`)).json().deletedAt).not.toBeNull();
    expect(await stockOf(table.id)).toBe(1);
    await expectLedgerMatchesStock();
  });

  it('a cancel from «Возврат / рекламация» is a return of the goods', async () => {
    const vase = await freshProduct(5);
    const order = (await adminOrder([{ productId: vase.id, quantity: 2 }])).json() as AdminOrderDetail;
    for (const status of ['confirmed', 'in_stock', 'shipped', 'claim', 'cancelled'])
      expect((await admin.moveOrder(order.id, status)).statusCode).toBe(200);
    const [last] = await shop.database.rows<{ reason: string; delta: number; actor_id: number }>(sql`
      select reason, delta, actor_id from stock_movements where order_id = ${order.id} order by id desc limit 1`);
    expect({ ...last, delta: Number(last?.delta), actor_id: Number(last?.actor_id) }).toEqual({
      reason: 'order_returned',
      delta: 2,
      actor_id: adminId,
    });
    expect(await stockOf(vase.id)).toBe(5);
  });

  it('the stock changes only through the ledger: a direct UPDATE is refused by the database', async () => {
    const shelf = await freshProduct(4);
    await expect(
      shop.database.rows(sql`update products set stock = 40 where id = ${shelf.id}`),
    ).rejects.toThrow();
    expect(await stockOf(shelf.id)).toBe(4);
    // Other columns stay writable.
    await shop.database.rows(sql`update products set hidden = hidden where id = ${shelf.id}`);
  });

  it('an import moves stock through the ledger: one «Импорт» row per changed balance, with the manager who uploaded the file', async () => {
    const shelf = await freshProduct(5);
    const same = await freshProduct(2);
    const skus = await shop.database.rows<{ id: number; sku: string }>(
      sql`select id, sku from products where id in (${shelf.id}, ${same.id})`,
    );
    const skuOf = (id: number) => skus.find((row) => Number(row.id) === id)?.sku ?? '';
    const csv = ['Артикул;Остаток', `${skuOf(shelf.id)};9`, `${skuOf(same.id)};2`].join('\n');
    const boundary = '----stockledgerimport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="остатки.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const dry = await shop.app.inject({
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
    expect(dry.statusCode, dry.body).toBe(200);
    const { token } = dry.json() as { token: string };
    const confirm = await admin.post(`/api/admin/products/import/${token}/confirm`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await stockOf(shelf.id)).toBe(9);
    expect(await stockOf(same.id)).toBe(2);
    const rows = await shop.database.rows<{ product_id: number; delta: number; actor_id: number | null }>(
      sql`select product_id, delta, actor_id from stock_movements
        where reason = 'import' and product_id in (${shelf.id}, ${same.id})`,
    );
    expect(rows.map((row) => [Number(row.product_id), Number(row.delta), Number(row.actor_id)])).toEqual([
      [shelf.id, 4, adminId],
    ]);
    await expectLedgerMatchesStock();
  });

  it('the product editor: the stock field and the correction form write «Ручная корректировка» rows, listed newest first', async () => {
    const bed = await freshProduct(null);
    const tracked = await admin.patch(`/api/admin/products/${bed.id}`, {
      stock: 6,
      stock_note: 'Инвентаризация',
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect((tracked.json() as AdminProduct).stock).toBe(6);
    const order = (await adminOrder([{ productId: bed.id, quantity: 1 }])).json() as AdminOrderDetail;
    const lowered = await admin.patch(`/api/admin/products/${bed.id}`, { stock: 3 });
    expect((lowered.json() as AdminProduct).stock).toBe(3);
    const found = await admin.post(`/api/admin/products/${bed.id}/stock-movements`, {
      delta: 2,
      note: 'Нашли на складе',
    });
    expect(found.statusCode, found.body).toBe(201);
    expect((found.json() as AdminProduct).stock).toBe(5);
    const counted = await admin.post(`/api/admin/products/${bed.id}/stock-movements`, { balance: 4 });
    expect((counted.json() as AdminProduct).stock).toBe(4);
    const belowZero = await admin.post(`/api/admin/products/${bed.id}/stock-movements`, { delta: -9 });
    expect(belowZero.statusCode).toBe(422);
    expect(belowZero.json().message).toBe('Нельзя списать больше, чем есть: на складе 4 шт., списывается 9.');
    expect(
      (await admin.post(`/api/admin/products/${bed.id}/stock-movements`, { delta: 1, balance: 2 }))
        .statusCode,
    ).toBe(400);
    expect((await admin.post(`/api/admin/products/${bed.id}/stock-movements`, { delta: 0 })).statusCode).toBe(
      400,
    );

    const page = (
      await admin.get(`/api/admin/products/${bed.id}/stock-movements?limit=3`)
    ).json() as StockMovementList;
    expect(page.total).toBe(5);
    expect(page.items.map((item) => [item.delta, item.reason_label, item.balance_after])).toEqual([
      [-1, 'Ручная корректировка', 4],
      [2, 'Ручная корректировка', 5],
      [-2, 'Ручная корректировка', 3],
    ]);
    expect(page.items[1]).toMatchObject({ note: 'Нашли на складе', actor_id: adminId });
    expect(page.items[1]?.actor_name).toBeTruthy();
    const older = (
      await admin.get(`/api/admin/products/${bed.id}/stock-movements?limit=3&page=2`)
    ).json() as StockMovementList;
    expect(older.items.map((item) => [item.delta, item.reason, item.order_id, item.note])).toEqual([
      [-1, 'order_taken', order.id, null],
      [6, 'manual_correction', null, 'Инвентаризация'],
    ]);
    // Stopping tracking writes the balance off, so the ledger still sums to the (untracked) 0.
    expect((await admin.patch(`/api/admin/products/${bed.id}`, { stock: null })).json().stock).toBeNull();
    const untracked = await admin.post(`/api/admin/products/${bed.id}/stock-movements`, { delta: 1 });
    expect(untracked.statusCode).toBe(422);
    expect((await admin.get('/api/admin/products/999999/stock-movements')).statusCode).toBe(404);
    await expectLedgerMatchesStock();
  });

  it("a promo code with a limit is counted on the manager's paths: new orders, a code put on or taken off an order", async () => {
    const item = await freshProduct(null);
    await promoCode('PHONE1', 1);
    const first = await adminOrder([{ productId: item.id, quantity: 1 }], 'PHONE1');
    expect(first.statusCode, first.body).toBe(201);
    expect(await usesOf('PHONE1')).toBe(1);
    const second = await adminOrder([{ productId: item.id, quantity: 1 }], 'PHONE1');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: 'promo_limit',
      message: 'Промокод больше не действует: лимит использований исчерпан.',
    });
    const plain = (await adminOrder([{ productId: item.id, quantity: 1 }])).json() as AdminOrderDetail;
    const onExisting = await admin.patch(`/api/admin/orders/${plain.id}/promo`, { promoCode: 'PHONE1' });
    expect(onExisting.statusCode).toBe(409);
    expect(onExisting.json().error).toBe('promo_limit');
    // Taking the code off the first order frees the use; the other order may then have it.
    const firstOrder = first.json() as AdminOrderDetail;
    expect(
      (await admin.patch(`/api/admin/orders/${firstOrder.id}/promo`, { promoCode: null })).statusCode,
    ).toBe(200);
    expect(await usesOf('PHONE1')).toBe(0);
    const moved = await admin.patch(`/api/admin/orders/${plain.id}/promo`, { promoCode: 'PHONE1' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await usesOf('PHONE1')).toBe(1);
    // An edit of the lines keeps the one use; a cancel gives it back.
    expect((await editCart(plain.id, [{ productId: item.id, quantity: 2 }])).statusCode).toBe(200);
    expect(await usesOf('PHONE1')).toBe(1);
    expect((await admin.moveOrder(plain.id, 'cancelled')).statusCode).toBe(200);
    expect(await usesOf('PHONE1')).toBe(0);
  });

  it('a stale status change answers 409 naming the status the order is in now, single and bulk', async () => {
    const item = await freshProduct(null);
    const order = (await adminOrder([{ productId: item.id, quantity: 1 }])).json() as AdminOrderDetail;
    const confirmed = await admin.patch(`/api/admin/orders/${order.id}`, {
      status: 'confirmed',
      expectedStatus: 'new',
    });
    expect(confirmed.statusCode).toBe(200);
    const stale = await admin.patch(`/api/admin/orders/${order.id}`, {
      status: 'cancelled',
      expectedStatus: 'new',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'status_changed',
      message: 'Статус заказа уже изменён: сейчас «Подтверждён». Обновите карточку.',
    });
    expect((await admin.get(`/api/admin/orders/${order.id}`)).json().status).toBe('confirmed');
    expect((await admin.patch(`/api/admin/orders/${order.id}`, { status: 'cancelled' })).statusCode).toBe(
      400,
    );
    const bulk = await admin.post('/api/admin/orders/update-status', {
      orders: [{ id: order.id, expectedStatus: 'new' }],
      status: 'cancelled',
    });
    expect((bulk.json() as BulkResult).results).toEqual([
      {
        id: order.id,
        ok: false,
        code: 'status_changed',
        error: 'Статус заказа уже изменён: сейчас «Подтверждён». Обновите карточку.',
      },
    ]);
  });

  /**
   * A model test: random sequences of checkouts, admin orders, admin edits, cancels and manual
   * corrections on one product, against a model that knows what each order holds; after every step
   * the stock is the model's and the ledger sums to it.
   */
  it('random sequences of order and stock operations keep the stock the model says', async () => {
    type Op =
      | { kind: 'checkout' | 'adminOrder'; quantity: number }
      | { kind: 'edit'; order: number; quantity: number }
      | { kind: 'cancel'; order: number }
      | { kind: 'correct'; delta: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constantFrom('checkout' as const, 'adminOrder' as const),
        quantity: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({
        kind: fc.constant('edit' as const),
        order: fc.nat(5),
        quantity: fc.integer({ min: 1, max: 5 }),
      }),
      fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(5) }),
      fc.record({
        kind: fc.constant('correct' as const),
        delta: fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 6 }),
        fc.array(op, { minLength: 1, maxLength: 7 }),
        async (initial, ops) => {
          const product = await freshProduct(initial);
          let stock = initial;
          const orders: { id: number; held: number; live: boolean }[] = [];
          for (const step of ops) {
            if (step.kind === 'checkout' || step.kind === 'adminOrder') {
              const response =
                step.kind === 'checkout'
                  ? await checkout(buyer, [{ id: product.id, quantity: step.quantity }])
                  : await adminOrder([{ productId: product.id, quantity: step.quantity }]);
              const fits = step.quantity <= stock;
              expect(response.statusCode).toBe(fits ? 201 : 409);
              if (fits) {
                stock -= step.quantity;
                orders.push({ id: (response.json() as { id: number }).id, held: step.quantity, live: true });
              }
            } else if (step.kind === 'edit') {
              const order = orders[step.order % Math.max(1, orders.length)];
              if (order === undefined) continue;
              const response = await editCart(order.id, [{ productId: product.id, quantity: step.quantity }]);
              if (!order.live) {
                expect(response.statusCode).toBe(409);
                continue;
              }
              const fits = step.quantity - order.held <= stock;
              expect(response.statusCode).toBe(fits ? 200 : 409);
              if (fits) {
                stock -= step.quantity - order.held;
                order.held = step.quantity;
              }
            } else if (step.kind === 'cancel') {
              const order = orders[step.order % Math.max(1, orders.length)];
              if (order === undefined) continue;
              const response = await admin.moveOrder(order.id, 'cancelled');
              expect(response.statusCode).toBe(order.live ? 200 : 409);
              stock += order.held;
              order.held = 0;
              order.live = false;
            } else if (step.kind === 'correct') {
              const response = await admin.post(`/api/admin/products/${product.id}/stock-movements`, {
                delta: step.delta,
              });
              const fits = stock + step.delta >= 0;
              expect(response.statusCode).toBe(fits ? 201 : 422);
              if (fits) stock += step.delta;
            }
            expect(await stockOf(product.id)).toBe(stock);
            for (const order of orders) expect(await heldBy(order.id)).toBe(order.held);
          }
          await expectLedgerMatchesStock();
        },
      ),
      { numRuns: 25 },
    );
  });

  describe.runIf(driver === 'pg')('races on PostgreSQL', () => {
    it('checkouts, admin orders, edits and cancels racing on one product never oversell and keep the ledger true', async () => {
      const sofa = await freshProduct(6);
      const held = (await adminOrder([{ productId: sofa.id, quantity: 2 }])).json() as AdminOrderDetail;
      const edited = (await adminOrder([{ productId: sofa.id, quantity: 1 }])).json() as AdminOrderDetail;
      expect(await stockOf(sofa.id)).toBe(3);
      const shoppers = await Promise.all(
        Array.from({ length: 4 }, async (_, index) => {
          const shopper = new Browser(shop.app);
          await shopper.register(`racer-${index}-${driver}@mail.ru`);
          return shopper;
        }),
      );
      const answers = await Promise.all([
        ...shoppers.map((shopper, index) =>
          checkout(shopper, [{ id: sofa.id, quantity: 1 }], undefined, `racer-${index}-${driver}@mail.ru`),
        ),
        adminOrder([{ productId: sofa.id, quantity: 2 }]),
        editCart(edited.id, [{ productId: sofa.id, quantity: 3 }]),
        admin.patch(`/api/admin/orders/${held.id}`, { status: 'cancelled', expectedStatus: 'new' }),
      ]);
      expect(answers.every((answer) => [200, 201, 409].includes(answer.statusCode))).toBe(true);
      const stock = (await stockOf(sofa.id)) ?? -1;
      expect(stock).toBeGreaterThanOrEqual(0);
      // What the live orders hold plus the shelf is what there was: 6 units, none invented or lost.
      const [live] = await shop.database.rows<{ held: number }>(sql`
        select coalesce(-sum(m.delta), 0)::int as held from stock_movements m join orders o on o.id = m.order_id
        where m.product_id = ${sofa.id} and o.status <> 'cancelled'`);
      expect(Number(live?.held) + stock).toBe(6);
      // Every accepted order holds exactly its quantity (no backorder here).
      const orders = await shop.database.rows<{ id: number; items: { quantity: number }[] }>(sql`
        select id, items from orders where status <> 'cancelled' and items @> ${JSON.stringify([{ productId: sofa.id }])}::jsonb`);
      for (const order of orders) expect(await heldBy(Number(order.id))).toBe(order.items[0]?.quantity);
      await expectLedgerMatchesStock();
    });

    it('two admin orders with a limit-1 code: exactly one gets it; an admin order racing a checkout: exactly one', async () => {
      const item = await freshProduct(null);
      await promoCode('RACE1', 1);
      const pair = await Promise.all([
        adminOrder([{ productId: item.id, quantity: 1 }], 'RACE1'),
        adminOrder([{ productId: item.id, quantity: 1 }], 'RACE1'),
      ]);
      expect(pair.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await usesOf('RACE1')).toBe(1);

      await promoCode('RACE2', 1);
      const rival = new Browser(shop.app);
      await rival.register(`promo-racer-${driver}@mail.ru`);
      const mixed = await Promise.all([
        adminOrder([{ productId: item.id, quantity: 1 }], 'RACE2'),
        checkout(rival, [{ id: item.id, quantity: 1 }], 'RACE2', `promo-racer-${driver}@mail.ru`),
      ]);
      expect(mixed.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await usesOf('RACE2')).toBe(1);
      const [counted] = await shop.database.rows<{ n: number }>(
        sql`select count(*)::int as n from promo_redemptions where code = 'RACE2' and released_at is null`,
      );
      expect(Number(counted?.n)).toBe(1);
    });

    it('confirm and cancel of one «Новый» order in parallel: exactly one wins', async () => {
      const item = await freshProduct(5);
      for (let round = 0; round < 5; round += 1) {
        const order = (await adminOrder([{ productId: item.id, quantity: 1 }])).json() as AdminOrderDetail;
        const other = new Browser(shop.app);
        expect((await other.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
        const [confirm, cancel] = await Promise.all([
          admin.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed', expectedStatus: 'new' }),
          other.patch(`/api/admin/orders/${order.id}`, { status: 'cancelled', expectedStatus: 'new' }),
        ]);
        expect([confirm.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
        const loser = confirm.statusCode === 409 ? confirm : cancel;
        expect(loser.json().error).toBe('status_changed');
        const [events] = await shop.database.rows<{ n: number }>(
          sql`select count(*)::int as n from order_events where order_id = ${order.id} and kind = 'status'`,
        );
        expect(Number(events?.n)).toBe(1);
        if (cancel.statusCode === 200) expect(await heldBy(order.id)).toBe(0);
        else expect((await admin.moveOrder(order.id, 'cancelled')).statusCode).toBe(200);
      }
      expect(await stockOf(item.id)).toBe(5);
      await expectLedgerMatchesStock();
    });
  });
});
