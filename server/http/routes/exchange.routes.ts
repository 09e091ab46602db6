import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXCHANGE_COOKIE } from '../../application/exchange/exchange.port';
import type { ExchangeAnswer, ExchangeEndpoint } from '../../application/exchange/exchange.service';
import { clientIp, type TrustedProxies } from '../../domain/client-ip';
import type { RouteModule } from '../app';

/** The conventional address of the «Обмен с сайтом» of 1С (and of МойСклад's CommerceML exchange). */
export const EXCHANGE_PATH = '/1c_exchange.php';

const MAX_PARAM_LENGTH = 300;

function param(query: unknown, name: string): string {
  const value =
    typeof query === 'object' && query !== null ? (query as Record<string, unknown>)[name] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.slice(0, MAX_PARAM_LENGTH) : '';
}

function answer(reply: FastifyReply, result: ExchangeAnswer) {
  return reply
    .code(result.status)
    .header('cache-control', 'no-store')
    .type(`${result.contentType}; charset=utf-8`)
    .send(result.body);
}

/**
 * The CommerceML exchange endpoint (GET and POST, the protocol's parameters in the query string).
 * Off — 404 with the reason — until EXCHANGE_LOGIN and EXCHANGE_PASSWORD are set. `checkauth` takes
 * HTTP Basic and answers «success», the cookie's name and value; every other mode needs that cookie
 * (or Basic again). Password checks are throttled per address like the back office's login: past the
 * budget 429 with Retry-After and «failure\n…» as 1С reads it. Uploads are read as raw bytes of any content type, one chunk at most
 * `chunkLimit` (larger: 413 from Fastify, which 1С avoids by honouring file_limit).
 */
export function exchangeRoutes(
  endpoint: ExchangeEndpoint | null,
  trustedProxies: TrustedProxies,
): RouteModule {
  return {
    name: 'exchange',
    async register(app) {
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser(
          '*',
          { parseAs: 'buffer', bodyLimit: endpoint?.chunkLimit ?? 1024 },
          (_request, body, done) => {
            done(null, body);
          },
        );
        const handle = async (request: FastifyRequest, reply: FastifyReply) => {
          if (endpoint === null)
            return answer(reply, {
              status: 404,
              contentType: 'text/plain',
              body: 'failure\nОбмен с 1С выключен: задайте EXCHANGE_LOGIN и EXCHANGE_PASSWORD.',
            });
          const mode = param(request.query, 'mode');
          const authorization = request.headers.authorization;
          const forwarded = request.headers['x-forwarded-for'];
          const ip = clientIp(
            request.socket.remoteAddress ?? '',
            Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
            trustedProxies,
          );
          /** The password of the Authorization header, under the address's failure budget. */
          const signIn = async (): Promise<'ok' | FastifyReply> => {
            if (authorization === undefined) return refuse(reply);
            const result = await endpoint.signIn.basic(authorization, ip);
            if (result.ok) return 'ok';
            if (result.reason === 'wrong') return refuse(reply);
            request.log.warn({ event: 'exchange_rate_limited' }, 'exchange sign-in refused by rate limit');
            reply.header('retry-after', String(result.retryAfterSeconds));
            return answer(reply, {
              status: 429,
              contentType: 'text/plain',
              body: `failure\nСлишком много неверных паролей обмена с этого адреса. Повторите через ${Math.max(1, Math.ceil(result.retryAfterSeconds / 60))} мин.`,
            });
          };
          if (mode === 'checkauth') {
            const signedIn = await signIn();
            if (signedIn !== 'ok') return signedIn;
            const session = endpoint.signIn.issue();
            reply.header(
              'set-cookie',
              `${EXCHANGE_COOKIE}=${session}; Path=${EXCHANGE_PATH}; HttpOnly; SameSite=Strict; Max-Age=3600`,
            );
            return answer(reply, {
              status: 200,
              contentType: 'text/plain',
              body: `success\n${EXCHANGE_COOKIE}\n${session}`,
            });
          }
          // МойСклад sends Basic on every request instead of the cookie: checked like checkauth.
          if (!endpoint.signIn.session(request.headers.cookie)) {
            const signedIn = await signIn();
            if (signedIn !== 'ok') return signedIn;
          }
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const result = await endpoint.service.handle({
            type: param(request.query, 'type'),
            mode,
            filename: param(request.query, 'filename'),
            body,
          });
          request.log.info(
            { event: 'exchange', type: param(request.query, 'type'), mode, status: result.status },
            'exchange request',
          );
          return answer(reply, result);
        };
        scope.get(EXCHANGE_PATH, handle);
        scope.post(EXCHANGE_PATH, handle);
      });
    },
  };
}

function refuse(reply: FastifyReply) {
  reply.header('www-authenticate', 'Basic realm="1C exchange", charset="UTF-8"');
  return answer(reply, {
    status: 401,
    contentType: 'text/plain',
    body: 'failure\nНеверный логин или пароль обмена.',
  });
}
