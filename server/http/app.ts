import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { FileStore } from '../application/file-store.port';
import type { ReadinessProbe } from '../application/readiness.port';
import { isTrustedProxy, NO_TRUSTED_PROXIES, type TrustedProxies } from '../domain/client-ip';
import { changesPublicPages } from '../domain/page-cache-rule';
import { type ContractRouter, createContractRouter } from './contract';
import { installErrorHandler } from './error-handling';
import { installHealthRoutes } from './health';
import { buildOpenApiDocument } from './openapi';
import type { PageDocumentOptions } from './page-document';
import { installSecurityHeaders } from './security-headers';
import { installStaticFiles } from './static-files';

/**
 * A group of routes. Modules are built in the composition root (server/composition-root.ts) with the
 * use cases they need and registered here in list order; a module may also add Fastify hooks or
 * plugins (cookies, sessions, multipart) on the app it is given.
 */
export interface RouteModule {
  readonly name: string;
  register(app: FastifyInstance, router: ContractRouter): void | Promise<void>;
}

export interface AppOptions {
  readonly routeModules: readonly RouteModule[];
  /** The built browser app (dist/client); absent or missing on disk → API only. */
  readonly clientDir?: string;
  /** The media store (pictures and their variants), served at /media/. */
  readonly media?: FileStore;
  /** Fastify logger option: a level name, or false in tests. */
  readonly logger?: FastifyServerOptions['logger'];
  /** Behind a reverse proxy: the proxies whose X-Forwarded-* (client IP, protocol) are believed. */
  readonly trustProxy?: TrustedProxies;
  readonly version?: string;
  /** The shop's public address (PUBLIC_URL), for canonical links in page documents. */
  readonly publicUrl?: string;
  /** The checks behind GET /readyz (database, migrations, files); absent → /readyz checks nothing. */
  readonly readiness?: ReadinessProbe;
  readonly pageDocument?: PageDocumentOptions;
  /** METRIKA_COUNTER_ID is set: the Content-Security-Policy admits Yandex Metrica (security-headers.ts). */
  readonly metrika?: boolean;
}

/** One registered route: its method(s) and URL pattern (`:name` params). */
interface RouteTableEntry {
  readonly method: string | readonly string[];
  readonly url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in registration order. */
    readonly routeTable: readonly RouteTableEntry[];
  }
}

/**
 * Builds the HTTP app: security headers and compression, /healthz and /readyz, contract routes, the
 * OpenAPI document, static files and JSON errors.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // The same ranges as the session hooks' clientIp, so request.ip in the logs is the visitor's too.
    trustProxy: (address: string) => isTrustedProxy(options.trustProxy ?? NO_TRUSTED_PROXIES, address),
    bodyLimit: 1024 * 1024,
    // Hostile URLs: cap the parameter length find-my-way accepts.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });
  installErrorHandler(app);
  const pageCache = options.pageDocument?.cache;
  if (pageCache !== undefined) {
    // A write that may change a public page (page-cache-rule.ts) drops every cached document before its
    // answer leaves, so the writer's next page is never the old one.
    app.addHook('onSend', async (request, reply, payload) => {
      if (changesPublicPages(request.method, request.url, reply.statusCode)) pageCache.clear();
      return payload;
    });
  }
  // Every route, contract or not, for tests that must reach them all (the contract fuzz suite).
  const routeTable: RouteTableEntry[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push({ method: route.method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  await installSecurityHeaders(app, {
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    metrika: options.metrika === true,
  });
  installHealthRoutes(app, options.readiness);
  const router = createContractRouter(app);
  for (const module of options.routeModules) {
    await module.register(app, router);
  }
  const openApi = buildOpenApiDocument(
    router.endpoints.map((entry) => entry.endpoint),
    { title: 'Дом и Стиль — API магазина', version: options.version ?? '0.1.0' },
  );
  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(openApi),
  );
  await installStaticFiles(app, {
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    ...(options.media ? { media: options.media } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.pageDocument ? { pageDocument: options.pageDocument } : {}),
  });
  return app;
}
