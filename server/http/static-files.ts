import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiError, ErrorCode } from '../../api/errors';
import { contentTypeOf, type FileStore } from '../application/file-store.port';
import { createPageDocumentRenderer, type PageDocumentOptions } from './page-document';

// The build's brotli/gzip copies (`index-AbCd1234.js.br`) are as immutable as the file they compress:
// @fastify/static hands setHeaders the compressed file's path.
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.(?:br|gz))?$/;
/** A request for a file (a name with an extension) that is not there is a 404, never the page. */
const FILE_REQUEST =
  /\/[^/]*\.(?:ico|png|jpe?g|gif|webp|avif|svg|js|mjs|css|map|json|txt|xml|woff2?|ttf|webmanifest)$/i;

/**
 * The built shop (dist/client) with an SPA fallback for every non-API GET, and the pictures of the
 * media store under /media/ — read through the store, so with a shared store (S3) every server process
 * serves a picture uploaded on any of them. Hashed assets and media never change under their name (a
 * re-seed writes the same files for the same keys, an upload gets a new key), so both are cached for a year; the page document is revalidated on every
 * visit. Text files go out as the build's brotli/gzip copies (scripts/vite-precompress-plugin.ts); the
 * page document is built per request (page-document.ts).
 */
export async function installStaticFiles(
  app: FastifyInstance,
  options: {
    readonly clientDir?: string;
    readonly media?: FileStore;
    readonly publicUrl?: string;
    readonly pageDocument?: PageDocumentOptions;
  },
): Promise<void> {
  const { clientDir, media, publicUrl } = options;
  const hasClient = clientDir !== undefined && existsSync(clientDir);
  if (media !== undefined) {
    // The store refuses any key that could leave it (`..`, empty segments): such a path is a 404 too.
    app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
      const key = request.params['*'];
      const file = await media.get(key);
      if (file === null) return reply.code(404).send(apiError(ErrorCode.notFound));
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', file.size)
        .type(contentTypeOf(key))
        .send(file.body);
    });
  }
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const pageDocument =
    hasClient && clientDir !== undefined
      ? createPageDocumentRenderer(app, clientDir, publicUrl ?? null, options.pageDocument)
      : null;
  // Browsers and crawlers ask for /favicon.ico whatever the page's icon link says; the shop's icon is SVG.
  app.get('/favicon.ico', (_request, reply) =>
    reply.code(301).header('cache-control', 'public, max-age=86400').redirect('/favicon.svg'),
  );
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing build file (an old tab asking for a chunk of the previous release) is a 404, never
    // the page: HTML in place of a script only produces a confusing MIME error in the browser.
    const isApi =
      path === '/api' ||
      path.startsWith('/api/') ||
      path.startsWith('/media/') ||
      path.startsWith('/assets/') ||
      FILE_REQUEST.test(path);
    if (isApi || !hasClient || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(apiError(ErrorCode.notFound));
    }
    if (pageDocument !== null) return pageDocument.send(request, reply);
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
