import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';

export interface ServerOptions {
  port: number;
  host: string;
  clientDir?: string;
}

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Builds the HTTP app: the browser build with an SPA fallback for every non-API path. */
export async function buildApp(clientDir = resolve('dist/client')): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed assets never change under their name; index.html must be revalidated on every visit.
        res.setHeader(
          'cache-control',
          HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !existsSync(clientDir)) {
      return reply.code(404).send({ error: 'not_found', message: 'Не найдено' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
  return app;
}

export async function startServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = await buildApp(options.clientDir);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().finally(() => process.exit(0));
    });
  }
  await app.listen({ port: options.port, host: options.host });
  return app;
}
