import { apiError, ErrorCode } from '../../../api/errors';
import { createPayment, testGatewayPay } from '../../../api/payments';
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
  invalid_card: 'Используйте тестовую карту 4111 1111 1111 1111 (или 4000 0000 0000 0002 для отказа).',
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

function cardPage(paymentId: string, orderId: number, amount: number, status: string): string {
  // The card page names the sum the way every screen of the shop does (docs/money.md).
  const sum = formatKopecks(amount);
  const id = escapeHtml(paymentId);
  const settled = SETTLED_PAYMENT_TEXT[status];
  if (settled !== undefined) {
    return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex,nofollow"><title>Тестовая оплата заказа № ${orderId}</title></head>
<body><h1>Тестовая оплата</h1><p>Заказ № ${orderId}, сумма ${sum}.</p><p role="status">${settled}</p></body></html>`;
  }
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex,nofollow"><title>Тестовая оплата заказа № ${orderId}</title>
<style>body{font:16px system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}input,button{font:inherit;padding:10px;width:100%;box-sizing:border-box;margin-top:8px}</style></head>
<body><h1>Тестовая оплата</h1><p>Заказ № ${orderId}, сумма ${sum}.</p>
<p>Это тестовый платёжный шлюз: деньги не списываются. Карта 4111 1111 1111 1111 — успешная оплата, 4000 0000 0000 0002 — отказ.</p>
<form id="pay"><label for="card">Номер карты</label><input id="card" name="card" inputmode="numeric" autocomplete="off" value="4111 1111 1111 1111" required>
<button type="submit">Оплатить</button></form><p id="error" role="alert"></p>
<script>
document.getElementById('pay').addEventListener('submit', async (event) => {
  event.preventDefault();
  const response = await fetch('/api/payments/test-gateway/${id}/pay', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardNumber: document.getElementById('card').value }),
  });
  const body = await response.json();
  if (response.ok) location.href = body.redirectUrl; else document.getElementById('error').textContent = body.message;
});
</script></body></html>`;
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
        const result = await payments.create(await callerOf(raw, settings), body.orderId);
        if (result.ok) return { paymentId: result.paymentId, confirmationUrl: result.confirmationUrl };
        if (result.status === 401 || result.status === 403) return denied(result.status);
        if (result.status === 404) return failure(ErrorCode.notFound, ORDER_MESSAGES.not_found);
        if (result.status === 409)
          return new ApiFailure(409, apiError('not_payable', ORDER_MESSAGES.not_payable));
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
          .send(cardPage(paymentId, payment.orderId, payment.amount, payment.status));
      });
      router.route(testGatewayPay, async ({ params, body }) => {
        const result = await testCheckout.pay(params.paymentId, body.cardNumber);
        if (result.ok) return { redirectUrl: result.redirectUrl };
        const status = result.error === 'not_found' ? 404 : result.error === 'already_settled' ? 409 : 422;
        return new ApiFailure(status, apiError(result.error, TEST_GATEWAY_MESSAGES[result.error]));
      });
    },
  };
}
