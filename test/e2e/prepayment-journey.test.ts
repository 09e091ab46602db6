import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { allocate, formatKopecks } from '../../shared-rules/money-rule';
import { signInAsAdmin, suiteBrowser } from './support/admin-session';
import { openApp } from './support/browser';

/**
 * Issue 22's journey in a real browser against the production build and the real server: a guest
 * orders two products online, the manager requests a 30 % prepayment, the guest pays it from the
 * mailed link without signing in, the manager takes the order through the lifecycle to «Доставлен»
 * (the rest is taken at handover: nothing remains), then refunds one line. Every amount is checked
 * against docs/money.md (total = Σ lines − discount, the prepayment rounded up to whole roubles, a
 * line's refund = its net share of the payment). Axe (no serious or critical violations) runs on the
 * pay-link page and on the card's prepayment and refund dialogs; an altered token opens nothing.
 */
const baseUrl = inject('shopBaseUrl');
const outbox = join(inject('shopDataDir'), 'outbox');

const suite = suiteBrowser();
const newPage = () => suite.newPage(1280);

/** The decoded bodies of every .eml the shop wrote to `to`. */
function mailsTo(to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((eml) => eml.includes(`\r\nTo: ${to}\r\n`))
    .map((eml) => {
      const body = eml.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      return Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8');
    });
}

/** Every signed pay link (`/pay/{id}?t=…`) in the mails to `to`. */
function payLinksIn(to: string, orderId: number): string[] {
  const pattern = new RegExp(`${baseUrl.replace(/[.:/]/g, '\\$&')}/pay/${orderId}\\?t=[A-Za-z0-9._~-]+`, 'g');
  return mailsTo(to).flatMap((mail) => mail.match(pattern) ?? []);
}

async function expectNoSeriousAxeViolations(page: Page, name: string): Promise<void> {
  // A dialog fades in: axe measures contrast once every finite animation has ended, not mid-fade.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${name} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

async function pricedProducts(count: number): Promise<{ slug: string; name: string }[]> {
  const response = await fetch(`${baseUrl}/api/products?limit=24&sort=new`);
  const body = (await response.json()) as { items: { slug: string; name: string; price: number | null }[] };
  const priced = body.items.filter((item) => typeof item.price === 'number' && item.price > 0);
  expect(priced.length).toBeGreaterThanOrEqual(count);
  return priced.slice(0, count);
}

interface AdminOrderMoney {
  readonly status: string;
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly items: readonly { name: string; quantity: number; lineTotal: number; netTotal: number }[];
  readonly payment: { paid: number; refunded: number; remaining: number; refundState: string };
}

describe('issue 22: a guest pays a 30 % prepayment from the mailed link', () => {
  it('orders, prepays without signing in, is delivered with the rest settled, and gets a line refunded', async () => {
    const products = await pricedProducts(2);
    const guestEmail = `prepay-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;

    // A guest puts two products in the cart and places an online order.
    const guest = await newPage();
    for (const product of products) {
      await openApp(guest.page, `${baseUrl}/product/${product.slug}`);
      await guest.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await guest.page.getByRole('button', { name: 'В корзину' }).first().click();
      await guest.page.getByRole('button', { name: 'В корзине' }).first().waitFor();
    }
    await openApp(guest.page, `${baseUrl}/checkout`);
    await guest.page.getByLabel('Имя').fill('Ирина Предоплатова');
    await guest.page.getByLabel('Телефон').fill('+7 921 444-22-11');
    await guest.page.getByLabel('Email').fill(guestEmail);
    await guest.page.getByRole('radio', { name: /Самовывоз/ }).check();
    await guest.page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await guest.page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await guest.page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await guest.page.waitForURL(/\/thank-you\?order=\d+$/);
    const orderId = Number(new URL(guest.page.url()).searchParams.get('order'));
    expect(orderId).toBeGreaterThan(0);

    // The manager signs in and opens the card.
    const admin = await newPage();
    await signInAsAdmin(admin.page);
    const orderJson = async (): Promise<AdminOrderMoney> => {
      const answer = await admin.page.request.get(`/api/admin/orders/${orderId}`);
      expect(answer.ok()).toBe(true);
      const body = (await answer.json()) as { order?: AdminOrderMoney } & AdminOrderMoney;
      return body.order ?? body;
    };
    const placed = await orderJson();
    expect(placed.items.map((line) => line.name).sort()).toEqual(products.map((each) => each.name).sort());
    // docs/money.md: total = Σ lines − discount.
    expect(placed.subtotal).toBe(placed.items.reduce((sum, line) => sum + line.lineTotal, 0));
    expect(placed.total).toBe(placed.subtotal - placed.discount);
    const prepayment = Math.ceil((placed.total * 30) / 10_000) * 100;
    const rest = placed.total - prepayment;

    await openApp(admin.page, `${baseUrl}/admin/orders/${orderId}`);
    await admin.page.getByRole('heading', { level: 1, name: `Заказ № ${orderId}` }).waitFor();
    const statusCard = admin.page
      .locator('section', { has: admin.page.getByRole('heading', { name: 'Статус', exact: true }) })
      .last();
    const mailsBefore = payLinksIn(guestEmail, orderId).length;
    await admin.page.getByRole('button', { name: 'Запросить предоплату' }).first().click();
    const prepaymentDialog = admin.page.getByRole('dialog', { name: 'Запросить предоплату' });
    await prepaymentDialog.waitFor();
    await prepaymentDialog.getByLabel('Процент', { exact: true }).fill('30');
    await prepaymentDialog.getByText(`Клиент оплатит ${formatKopecks(prepayment)}.`).waitFor();
    await expectNoSeriousAxeViolations(admin.page, 'prepayment dialog');
    await prepaymentDialog.getByRole('button', { name: 'Запросить предоплату' }).click();
    await prepaymentDialog.waitFor({ state: 'detached' });
    await admin.page.getByText(`Запрошена предоплата ${formatKopecks(prepayment)}`).waitFor();
    expect((await orderJson()).status).toBe('awaiting_prepayment');

    // The guest gets the link by mail.
    let link = '';
    await expect
      .poll(
        () => {
          const links = payLinksIn(guestEmail, orderId);
          link = links.length > mailsBefore ? (links.at(-1) ?? '') : '';
          return link;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');

    // An altered token opens nothing, in Russian.
    const token = new URL(link).searchParams.get('t') ?? '';
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    await openApp(guest.page, `${baseUrl}/pay/${orderId}?t=${encodeURIComponent(token.slice(0, -1) + last)}`);
    await guest.page
      .getByRole('alert')
      .getByText('Ссылка на оплату недействительна', { exact: false })
      .waitFor();
    expect(await guest.page.getByRole('button', { name: 'Оплатить' }).count()).toBe(0);

    // The real link, in the guest's context, never signed in: the amount due is the prepayment.
    await openApp(guest.page, link);
    const totals = guest.page.locator('dl');
    await totals.getByText('Предоплата').waitFor();
    expect(await totals.textContent()).toContain(formatKopecks(prepayment));
    expect(await totals.textContent()).toContain(formatKopecks(placed.total));
    await expectNoSeriousAxeViolations(guest.page, 'pay link');
    const card = guest.page.getByRole('radio', { name: /Картой/ });
    if ((await card.count()) > 0) await card.check();
    await guest.page.getByRole('button', { name: 'Оплатить' }).click();
    await guest.page.getByRole('heading', { name: 'Тестовая оплата' }).waitFor();
    expect(await guest.page.getByText(`сумма ${formatKopecks(prepayment)}`).count()).toBe(1);
    await guest.page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
    await guest.page.getByRole('button', { name: 'Оплатить' }).click();
    await guest.page.waitForURL((url) => !url.pathname.startsWith('/api/payments/test-gateway'));
    const guestAuth = await guest.page.request.get('/api/check-auth');
    expect(((await guestAuth.json()) as { authenticated: boolean }).authenticated).toBe(false);

    // The manager's card: paid N, M remaining.
    await admin.page.reload();
    await admin.page.getByRole('heading', { level: 1, name: `Заказ № ${orderId}` }).waitFor();
    await admin.page
      .getByText(`Оплачено ${formatKopecks(prepayment)} · Осталось ${formatKopecks(rest)}`)
      .waitFor();
    const history = admin.page.getByRole('list', { name: 'События заказа' });
    await expect.poll(() => history.textContent()).toContain(`Оплата прошла: ${formatKopecks(prepayment)}`);

    // Through the lifecycle to «Доставлен», each move on the card.
    for (const [action, label] of [
      ['На склад', 'На складе'],
      ['Передать в доставку', 'Передан в доставку'],
      ['Отметить доставку', 'Доставлен'],
    ] as const) {
      await statusCard.getByRole('button', { name: action, exact: true }).click();
      await statusCard.getByText(label, { exact: true }).first().waitFor();
      await statusCard.getByRole('button', { name: action, exact: true }).waitFor({ state: 'detached' });
    }
    // The rest was taken at handover: nothing remains; the history records the delivery.
    await admin.page.getByText(`Оплачено ${formatKopecks(prepayment)} · Осталось 0 ₽`).waitFor();
    await expect.poll(() => history.textContent()).toContain('Передан в доставку → Доставлен');
    // The settlement receipt (54-FZ №2) counts the prepayment and the rest against the whole order.
    await expect
      .poll(() => history.textContent())
      .toContain(
        `Чек зачёта предоплаты отправлен: ${formatKopecks(placed.total)} (предоплата ${formatKopecks(prepayment)}, при получении ${formatKopecks(rest)})`,
      );
    const delivered = await orderJson();
    expect(delivered.status).toBe('delivered');
    expect(delivered.payment).toEqual({ paid: prepayment, refunded: 0, remaining: 0, refundState: 'none' });

    // A line is refunded: its net share of the prepayment (largest remainder over the net lines).
    const [refundedLine] = delivered.items;
    if (!refundedLine) throw new Error('the order has no lines');
    const shares = allocate(
      prepayment,
      delivered.items.map((line) => line.netTotal),
    );
    const lineShare = shares[0] ?? 0;
    const refundUnits = refundedLine.quantity;
    await admin.page.getByRole('button', { name: 'Вернуть деньги' }).click();
    const refundDialog = admin.page.getByRole('dialog', { name: 'Вернуть деньги' });
    await refundDialog.waitFor();
    await refundDialog
      .getByLabel(`${refundedLine.name} (в заказе ${refundedLine.quantity} шт.)`)
      .fill(String(refundUnits));
    await refundDialog.getByLabel('Причина').fill('Клиент отказался от позиции после доставки');
    await expectNoSeriousAxeViolations(admin.page, 'refund dialog');
    await refundDialog.getByRole('button', { name: 'Вернуть', exact: true }).click();
    await refundDialog.waitFor({ state: 'detached' });
    await admin.page.getByText(`Частично возвращено: ${formatKopecks(lineShare)}`).waitFor();
    await expect.poll(() => history.textContent()).toContain(`Возврат выполнен: ${formatKopecks(lineShare)}`);
    const refunded = await orderJson();
    expect(refunded.payment).toEqual({
      paid: prepayment - lineShare,
      refunded: lineShare,
      remaining: 0,
      refundState: 'partial',
    });
    // The order's own figures are unchanged by the refund (it returns money, not goods).
    expect(refunded.total).toBe(placed.total);
    expect(refunded.total).toBe(
      refunded.items.reduce((sum, line) => sum + line.lineTotal, 0) - refunded.discount,
    );

    // The paid link no longer opens the order for the guest.
    await openApp(guest.page, link);
    await guest.page
      .getByRole('alert')
      .getByText('Ссылка на оплату недействительна', { exact: false })
      .waitFor();

    expect(guest.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
