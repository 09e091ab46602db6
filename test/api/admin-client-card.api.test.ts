import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClientDetail } from '../../api/admin-clients';
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
 * Issue 25 item 9: the client card works — contacts, the managers' note and tags (both audited), the
 * client's totals (docs/money.md «A client's totals»), cart and favourites; administrators only.
 */
const OLGA = 'olga.card@mail.ru';
const PAVEL = 'pavel.card@mail.ru';

describe.each(testDrivers())('the client card (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let olga: Browser;
  let olgaId = 0;
  let pavelId = 0;
  let products: number[] = [];

  const placeOrder = async (productId: number, quantity: number) => {
    const placed = await olga.post('/api/orders', {
      cart: [{ id: productId, quantity }],
      contact: { name: 'Ольга', phone: '+7 921 555 10 20', email: OLGA },
      delivery: { method: 'pickup' },
      paymentMethod: 'online',
      consent: true,
    });
    expect(placed.statusCode).toBe(201);
    return (placed.json() as { id: number }).id;
  };
  const card = async (id: number) => {
    const response = await admin.get(`/api/admin/clients/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json() as AdminClientDetail;
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 3);
    olga = new Browser(shop.app);
    olgaId = await olga.register(OLGA);
    pavelId = await new Browser(shop.app).register(PAVEL);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('totals count paid or delivered orders, less refunds; cancelled and unpaid ones do not count', async () => {
    const [first = 0, second = 0, third = 0] = products;
    const delivered = await placeOrder(first, 1);
    const paid = await placeOrder(second, 2);
    const cancelled = await placeOrder(third, 1);
    await placeOrder(first, 3); // new, unpaid: not bought yet
    await shop.database.rows(sql`update orders set status = 'delivered' where id = ${delivered}`);
    await shop.database.rows(
      sql`update orders set status = 'paid', paid_at = now(), paid_amount = total, refunded_amount = 10000 where id = ${paid}`,
    );
    await shop.database.rows(
      sql`update orders set status = 'cancelled', paid_at = now(), paid_amount = total where id = ${cancelled}`,
    );
    const totals = await shop.database.rows<{ id: number; total: number }>(
      sql`select id, total::int as total from orders where id in (${delivered}, ${paid})`,
    );
    const totalOf = (id: number) => Number(totals.find((row) => row.id === id)?.total);
    const spent = totalOf(delivered) + totalOf(paid) - 10_000;
    const shown = await card(olgaId);
    expect(shown.ordersCount).toBe(4);
    expect(shown.totals).toEqual({ orders: 2, spent, averageCheque: Math.round(spent / 2) });
    expect((await card(pavelId)).totals).toEqual({ orders: 0, spent: 0, averageCheque: null });
  });

  it('shows the client’s current cart in kopecks and their favourites', async () => {
    const [first = 0, second = 0] = products;
    expect(
      (
        await olga.put(`/api/cart/${olgaId}`, {
          cart: [
            { id: second, quantity: 2 },
            { id: first, quantity: 1 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await olga.post('/api/favorites', { clientId: olgaId, productId: first })).statusCode).toBe(200);
    const prices = await shop.database.rows<{ id: number; price: number }>(
      sql`select id, price from products where id in (${first}, ${second})`,
    );
    const kopecksOf = (id: number) => Number(prices.find((row) => row.id === id)?.price) * 100;
    const shown = await card(olgaId);
    expect(shown.cart.map((line) => [line.productId, line.quantity, line.price, line.lineTotal])).toEqual([
      [second, 2, kopecksOf(second), kopecksOf(second) * 2],
      [first, 1, kopecksOf(first), kopecksOf(first)],
    ]);
    expect(shown.favourites.map((favourite) => favourite.productId)).toEqual([first]);
  });

  it('corrects contacts with the contract’s checks; the phone is stored in E.164; audited field by field', async () => {
    const changed = await admin.patch(`/api/admin/clients/${pavelId}/contacts`, {
      name: '  Павел Смирнов ',
      phone: '8 (921) 555-66-77',
      email: 'Pavel.New@Mail.ru',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: pavelId,
      name: 'Павел Смирнов',
      phone: '+79215556677',
      email: 'pavel.new@mail.ru',
    });
    // The e-mail is the sign-in: the client now signs in with the new one.
    expect((await new Browser(shop.app).login('pavel.new@mail.ru', 'надёжный пароль 1')).statusCode).toBe(
      200,
    );
    const audit = await shop.database.rows<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from audit_log where entity_type = 'client' and entity_id = ${String(pavelId)} and action = 'client.contactsChanged'`,
    );
    expect(audit).toEqual([
      {
        action: 'client.contactsChanged',
        before: { name: null, phone: null, email: PAVEL },
        after: { name: 'Павел Смирнов', phone: '+79215556677', email: 'pavel.new@mail.ru' },
      },
    ]);
    const cleared = await admin.patch(`/api/admin/clients/${pavelId}/contacts`, {
      name: '',
      phone: '',
      email: 'pavel.new@mail.ru',
    });
    expect(cleared.json()).toMatchObject({ name: null, phone: null });
  });

  it('refuses a bad phone or e-mail with a Russian 400, another account’s e-mail with 409', async () => {
    for (const body of [
      { name: 'Павел', phone: '12345', email: PAVEL },
      { name: 'Павел', phone: null, email: 'не почта' },
      { name: 'П\u0000', phone: null, email: PAVEL },
      { name: 'x'.repeat(101), phone: null, email: PAVEL },
    ]) {
      const refused = await admin.patch(`/api/admin/clients/${pavelId}/contacts`, body);
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { message: string }).message).toMatch(/[а-яё]/i);
    }
    for (const email of [OLGA, ADMIN_EMAIL]) {
      const taken = await admin.patch(`/api/admin/clients/${pavelId}/contacts`, {
        name: null,
        phone: null,
        email,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: 'email_taken', message: expect.stringMatching(/e-mail/) });
    }
    expect(
      (await admin.patch('/api/admin/clients/999999/contacts', { name: null, phone: null, email: 'a@b.ru' }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps the managers’ note and tags (tidied), audits the change, and the client never sees them', async () => {
    const saved = await admin.put(`/api/admin/clients/${olgaId}/notes`, {
      notes: '  Дизайнер, берёт на объекты. Звонить после 12.  ',
      tags: ['дизайнер', ' опт ', 'Дизайнер', ''],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      notes: 'Дизайнер, берёт на объекты. Звонить после 12.',
      tags: ['дизайнер', 'опт'],
    });
    expect((await card(olgaId)).tags).toEqual(['дизайнер', 'опт']);
    const again = await admin.put(`/api/admin/clients/${olgaId}/notes`, {
      notes: 'Дизайнер, берёт на объекты. Звонить после 12.',
      tags: ['опт'],
    });
    expect(again.json()).toMatchObject({ tags: ['опт'] });
    const audit = await shop.database.rows<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_log where entity_id = ${String(olgaId)} and action = 'client.notesChanged' order by id`,
    );
    expect(audit).toEqual([
      {
        before: { notes: '', tags: [] },
        after: { notes: 'Дизайнер, берёт на объекты. Звонить после 12.', tags: ['дизайнер', 'опт'] },
      },
      { before: { tags: ['дизайнер', 'опт'] }, after: { tags: ['опт'] } },
    ]);
    const own = await olga.get(`/api/clients/${olgaId}`);
    expect(own.body).not.toContain('Дизайнер, берёт');
    for (const body of [
      { notes: 'x'.repeat(2001), tags: [] },
      { notes: '', tags: Array.from({ length: 21 }, (_, index) => `тег ${index}`) },
      { notes: '', tags: ['x'.repeat(41)] },
      { notes: '', tags: 'опт' },
    ]) {
      expect((await admin.put(`/api/admin/clients/${olgaId}/notes`, body)).statusCode).toBe(400);
    }
    expect((await admin.put('/api/admin/clients/999999/notes', { notes: '', tags: [] })).statusCode).toBe(
      404,
    );
  });

  it('keeps the card’s writes for administrators (guest 401, client 403)', async () => {
    const guest = new Browser(shop.app);
    for (const [who, browser, status] of [
      ['guest', guest, 401],
      ['client', olga, 403],
    ] as const) {
      const contacts = await browser.patch(`/api/admin/clients/${olgaId}/contacts`, {
        name: 'Взлом',
        phone: null,
        email: 'evil@mail.ru',
      });
      const notes = await browser.put(`/api/admin/clients/${olgaId}/notes`, { notes: 'x', tags: [] });
      expect({ who, contacts: contacts.statusCode, notes: notes.statusCode }).toEqual({
        who,
        contacts: status,
        notes: status,
      });
    }
    expect((await card(olgaId)).email).toBe(OLGA);
  });

  it.runIf(driver === 'pg')(
    'two managers giving two clients one e-mail at once: one wins, the other gets 409',
    async () => {
      const first = await new Browser(shop.app).register('race-one@mail.ru');
      const second = await new Browser(shop.app).register('race-two@mail.ru');
      const answers = await Promise.all(
        [first, second].map((id) =>
          admin.patch(`/api/admin/clients/${id}/contacts`, {
            name: null,
            phone: null,
            email: 'race@mail.ru',
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const owners = await shop.database.rows<{ n: number }>(
        sql`select count(*)::int as n from users where email = 'race@mail.ru'`,
      );
      expect(owners[0]?.n).toBe(1);
    },
  );
});
