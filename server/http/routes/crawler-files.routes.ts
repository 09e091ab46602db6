import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { CrawlerFilesService } from '../../application/crawler-files.service';
import type { RouteModule } from '../app';

/** Crawlers re-read these daily; an hour of caching keeps a crawl of 100 000 products to one query a file. */
const CRAWLER_CACHE = 'public, max-age=3600';
/** The market feed reflects an edit within a minute: no cache may hold it longer (issue 26). */
const MARKET_FEED_CACHE = 'public, max-age=60';

/**
 * robots.txt, the sitemap index and its files, and the Yandex Market YML feed (/yml.xml), with absolute
 * addresses under the shop's public address (PUBLIC_URL), never the request's Host header, which a
 * client can set to anything.
 */
export function crawlerFilesRoutes(files: CrawlerFilesService, publicUrl: string): RouteModule {
  const origin = publicUrl.replace(/\/+$/, '');
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.header('cache-control', CRAWLER_CACHE).type(type).send(body);
  return {
    name: 'crawler-files',
    register(app) {
      app.get('/robots.txt', async (_request, reply) =>
        send(reply, 'text/plain; charset=utf-8', files.robots(origin)),
      );
      app.get('/sitemap.xml', async (_request, reply) =>
        send(reply, 'application/xml; charset=utf-8', await files.index(origin)),
      );
      app.get('/sitemap-pages.xml', async (_request, reply) =>
        send(reply, 'application/xml; charset=utf-8', (await files.file(origin, { kind: 'pages' })) ?? ''),
      );
      app.get('/sitemap-categories.xml', async (_request, reply) =>
        send(
          reply,
          'application/xml; charset=utf-8',
          (await files.file(origin, { kind: 'categories' })) ?? '',
        ),
      );
      app.get<{ Params: { page: string } }>(
        '/sitemap-products-:page(^\\d{1,6}).xml',
        async (request, reply) => {
          const body = await files.file(origin, { kind: 'products', page: Number(request.params.page) });
          if (body === null)
            return reply.code(404).type('text/plain; charset=utf-8').send('Нет такой карты сайта.');
          return send(reply, 'application/xml; charset=utf-8', body);
        },
      );
      // Streamed piece by piece: a catalogue of 100 000 offers never sits in one string per request.
      // The first piece is read before answering, so a database that is down still gets its 503.
      app.get('/yml.xml', async (_request, reply) => {
        const pieces = files.marketFeed(origin);
        const first = await pieces.next();
        async function* all() {
          if (!first.done) yield first.value;
          yield* pieces;
        }
        return reply
          .header('cache-control', MARKET_FEED_CACHE)
          .type('application/xml; charset=utf-8')
          .send(Readable.from(all()));
      });
    },
  };
}
