import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXCHANGE_COOKIE } from '../../application/exchange/exchange.port';
import type { ExchangeAnswer, ExchangeEndpoint } from '../../application/exchange/exchange.service';
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
 * (or Basic again). Uploads are read as raw bytes of any content type, one chunk at most
 * `chunkLimit` (larger: 413 from Fastify, which 1С avoids by honouring file_limit).
 */
export function exchangeRoutes(endpoint: ExchangeEndpoint | null): RouteModule {
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
          if (mode === 'checkauth') {
            if (!endpoint.auth.basic(authorization)) return refuse(reply);
            const session = endpoint.auth.issue();
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
          if (!endpoint.auth.session(request.headers.cookie) && !endpoint.auth.basic(authorization))
            return refuse(reply);
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
