import { timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import { telegramWebhook } from '../../../api/admin-alerts';
import { ErrorCode } from '../../../api/errors';
import type { AlertSettingsUseCases } from '../../application/staff-alerts/staff-alert-use-cases';
import type { RouteModule } from '../app';
import { failure } from '../contract';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const sameSecret = (given: unknown, expected: string): boolean => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Telegram's webhook (docs/alerts.md): only calls carrying the secret the shop gave setWebhook are
 * read — checked before the body is decoded, so a stranger learns nothing of the update format. Off
 * (404) while TELEGRAM_BOT_TOKEN is unset. Answers 200 to every authentic update, even one it ignores,
 * so Telegram does not resend it.
 */
export function telegramWebhookRoutes(secret: string | null, alerts: AlertSettingsUseCases): RouteModule {
  const checkSecret: onRequestAsyncHookHandler = async (request, reply) => {
    if (secret === null) {
      const off = failure(ErrorCode.notFound, 'Telegram-бот магазина не подключён.');
      return reply.code(off.status).send(off.body);
    }
    if (!sameSecret(request.headers[SECRET_HEADER], secret)) {
      request.log.warn({ event: 'telegram_webhook_refused' }, 'telegram webhook call without its secret');
      const refused = failure(ErrorCode.unauthorized, 'Неверный секрет вебхука.');
      return reply.code(refused.status).send(refused.body);
    }
  };
  return {
    name: 'telegram-webhook',
    register(_app, router) {
      router.route(
        telegramWebhook,
        async ({ body }) => {
          await alerts.receiveUpdate(body);
          return { ok: true };
        },
        { onRequest: checkSecret },
      );
    },
  };
}
