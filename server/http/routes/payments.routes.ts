import { apiError, ErrorCode } from '../../../api/errors';
import { createPayment, testGatewayPay } from '../../../api/payments';
import type { OnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import { formatKopecks } from '../../../shared-rules/money-rule';
import type { TestCheckout } from '../../application/payment-gateway.port';
import type { PaymentsService } from '../../application/payments.service';
import type { RouteModule } from '../app';
import { ApiFailure, failure } from '../contract';
import { ORDER_MESSAGES } from './orders.routes';
import { callerOf, denied, type SessionSettings } from './session.hooks';

const PAYMENT_PROVIDER_ERROR_MESSAGE = 'Платёжный сервис недоступен. Попробуйте позже.';
const TEST_GATEWAY_MESSAGES = {
  not_found: 'Платёж не найден.',
  already_settled: 'Этот платёж уже завершён.',
  invalid_card:
    'Используйте тестовую карту 4111 1111 1111 1111 (или 4000 0000 0000 0002 для отказа) либо кнопки подтверждения.',
} as const;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What the card page says about a payment that can no longer be paid. */
const SETTLED_PAYMENT_TEXT: Readonly<Record<string, string>> = {
  succeeded: 'Этот платёж уже оплачен.',
  cancelled: 'Этот платёж отменён магазином или банком. Вернитесь к заказу, чтобы оплатить его заново.',
  refund_pending: 'Деньги по этому платежу возвращаются на карту.',
  refunded: 'Деньги по этому платежу возвращены на карту.',
};

const PAGE_HEAD = (orderId: number) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex,nofollow"><title>Тестовая оплата заказа № ${orderId}</title>
<style>body{font:16px system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}input,button{font:inherit;padding:10px;width:100%;box-sizing:border-box;margin-top:8px}svg{display:block;margin:16px auto}</style></head>`;

/** A QR-like picture drawn from the payment id (the test gateway has no bank to encode a real one). */
function sbpPicture(paymentId: string): string {
  const size = 21;
  let seed = 0;
  for (const char of paymentId) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  const cells: string[] = [];
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const finder = (x < 7 && y < 7) || (x >= size - 7 && y < 7) || (x < 7 && y >= size - 7);
      const ring =
        finder &&
        (x % (size - 7) === 0 ||
          x % (size - 7) === 6 ||
          y % (size - 7) === 0 ||
          y % (size - 7) === 6 ||
          (x % (size - 7) >= 2 && x % (size - 7) <= 4 && y % (size - 7) >= 2 && y % (size - 7) <= 4));
      seed = (seed * 1103515245 + 12345) >>> 0;
      if (finder ? ring : (seed >>> 16) % 2 === 0)
        cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  }
  return `<svg role="img" aria-label="QR-код для оплаты через СБП" viewBox="-2 -2 ${size + 4} ${size + 4}" width="220" height="220"><rect x="-2" y="-2" width="${size + 4}" height="${size + 4}" fill="#fff"/>${cells.join('')}</svg>`;
}

function cardPage(
  paymentId: string,
  payment: { orderId: number; amount: number; status: string; method: OnlinePaymentMethod },
  installmentMonths: number,
): string {
  const { orderId, amount, status, method } = payment;
  const sum = formatKopecks(amount);
  const id = escapeHtml(paymentId);
  const settled = SETTLED_PAYMENT_TEXT[status];
  if (settled !== undefined) {
    return `${PAGE_HEAD(orderId)}
<body><h1>Тестовая оплата</h1><p>Заказ № ${orderId}, сумма ${sum}.</p><p role="status">${settled}</p></body></html>`;
  }
  const submit = `
<p id="error" role="alert"></p>
<script>
async function send(answer) {
  const response = await fetch('/api/payments/test-gateway/${id}/pay', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answer),
  });
  const body = await response.json();
  if (response.ok) location.href = body.redirectUrl; else document.getElementById('error').textContent = body.message;
}
for (const button of document.querySelectorAll('button[data-approve]')) {
  button.addEventListener('click', () => send({ approve: button.dataset.approve === 'yes' }));
}
const form = document.getElementById('pay');
if (form) form.addEventListener('submit', (event) => {
  event.preventDefault();
  send({ cardNumber: document.getElementById('card').value });
});
</script></body></html>`;
  if (method === 'sbp') {
    return `${PAGE_HEAD(orderId)}
<body><h1>Оплата через СБП</h1><p>Заказ № ${orderId}, сумма ${sum}.</p>
${sbpPicture(paymentId)}
<p>Отсканируйте QR-код камерой телефона или в приложении банка и подтвердите перевод. Это тестовый шлюз: деньги не списываются, подтверждение банка изображают кнопки ниже.</p>
<button type="button" data-approve="yes">Перевод подтверждён в приложении банка</button>
<button type="button" data-approve="no">Отменить перевод</button>${submit}`;
  }
  if (method === 'installments') {
    const monthly = formatKopecks(Math.ceil(amount / 100 / Math.max(1, installmentMonths)) * 100);
    return `${PAGE_HEAD(orderId)}
<body><h1>Оплата частями</h1><p>Заказ № ${orderId}, сумма ${sum}.</p>
<p>Платёжный сервис разделит сумму на ${installmentMonths} ежемесячных платежей примерно по ${monthly}. Это тестовый шлюз: договор не оформляется, деньги не списываются.</p>
<button type="button" data-approve="yes">Подтвердить оформление</button>
<button type="button" data-approve="no">Отказаться</button>${submit}`;
  }
  return `${PAGE_HEAD(orderId)}
<body><h1>Тестовая оплата</h1><p>Заказ № ${orderId}, сумма ${sum}.</p>
<p>Это тестовый платёжный шлюз: деньги не списываются. Карта 4111 1111 1111 1111 — успешная оплата, 4000 0000 0000 0002 — отказ.</p>
<form id="pay"><label for="card">Номер карты</label><input id="card" name="card" inputmode="numeric" autocomplete="off" value="4111 1111 1111 1111" required>
<button type="submit">Оплатить</button></form>${submit}`;
}

/**
 * Payments: starting a payment (own, payable orders only), the provider notification endpoint (raw
 * body, verified by the gateway adapter) and, with the test gateway, its card page.
 */
export function paymentsRoutes(
  settings: SessionSettings,
  payments: PaymentsService,
  testCheckout: TestCheckout | null,
): RouteModule {
  return {
    name: 'payments',
    async register(app, router) {
      router.route(createPayment, async ({ body, raw }) => {
        const result = await payments.create(await callerOf(raw, settings), body.orderId, body.method);
        if (result.ok) return { paymentId: result.paymentId, confirmationUrl: result.confirmationUrl };
        if (result.status === 401 || result.status === 403) return denied(result.status);
        if (result.status === 404) return failure(ErrorCode.notFound, ORDER_MESSAGES.not_found);
        if (result.status === 409)
          return new ApiFailure(409, apiError('not_payable', ORDER_MESSAGES.not_payable));
        if (result.status === 422)
          return new ApiFailure(422, apiError('method_not_offered', ORDER_MESSAGES.method_not_offered));
        return new ApiFailure(502, apiError('payment_provider_error', PAYMENT_PROVIDER_ERROR_MESSAGE));
      });

      // Provider → shop. The exact bytes are needed for signature checks, so this scope reads text.
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser(
          '*',
          { parseAs: 'string', bodyLimit: 64 * 1024 },
          (_request, body, done) => {
            done(null, body);
          },
        );
        scope.post('/api/payments/notify/:provider', async (request, reply) => {
          const { provider } = request.params as { provider: string };
          if (provider !== payments.providerName) return reply.code(404).send(apiError(ErrorCode.notFound));
          const headers: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(request.headers)) {
            headers[name] = Array.isArray(value) ? value.join(',') : value;
          }
          const outcome = await payments.handleNotification(
            typeof request.body === 'string' ? request.body : '',
            headers,
          );
          // A rejected notification gets 400 (the provider may retry); everything else is acknowledged.
          if (outcome === 'rejected') return reply.code(400).send(apiError(ErrorCode.badRequest));
          return reply.code(200).send({ ok: true });
        });
      });

      if (testCheckout === null) return;
      app.get('/api/payments/test-gateway/:paymentId', async (request, reply) => {
        const { paymentId } = request.params as { paymentId: string };
        const payment = /^[A-Za-z0-9_-]{8,64}$/.test(paymentId)
          ? await testCheckout.describe(paymentId)
          : null;
        if (payment === null)
          return reply.code(404).send(apiError(ErrorCode.notFound, TEST_GATEWAY_MESSAGES.not_found));
        return reply
          .header('cache-control', 'no-store')
          .header(
            'content-security-policy',
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'",
          )
          .type('text/html; charset=utf-8')
          .send(cardPage(paymentId, payment, payments.onlineMethods.installments.months));
      });
      router.route(testGatewayPay, async ({ params, body }) => {
        const result = await testCheckout.pay(params.paymentId, body);
        if (result.ok) return { redirectUrl: result.redirectUrl };
        const status = result.error === 'not_found' ? 404 : result.error === 'already_settled' ? 409 : 422;
        return new ApiFailure(status, apiError(result.error, TEST_GATEWAY_MESSAGES[result.error]));
      });
    },
  };
}
