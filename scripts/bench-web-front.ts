import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { FLOOR_PARAMETER } from './bench-web-floor';

/**
 * The origin bench:web loads every page from: a small HTTP server in front of the shop's server that passes
 * each request through unchanged (method, path, headers with Host, body; the answer streamed back as it
 * comes) and answers `?bench-floor=<page>` with that page's floor document. Ours and the floor thus share
 * one origin, one hop and one throttled connection pool, and the floor's stylesheets, fonts and pictures
 * are the shop's own, served by the shop's server.
 */

export interface FrontServer {
  readonly base: string;
  close(): Promise<void>;
}

interface FloorBodies {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/**
 * Compressed once, the way the shop's server compresses a page document (page-document.ts: brotli quality
 * 5, gzip level 6), so the floor's bytes on the wire match ours; once, because a floor has no render cost.
 */
function floorBodies(html: string): FloorBodies {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

function sendFloor(request: IncomingMessage, response: ServerResponse, bodies: FloorBodies): void {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  const body = encoding === null ? bodies.identity : bodies[encoding];
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
    'content-length': body.length,
    ...(encoding === null ? {} : { 'content-encoding': encoding }),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** Starts the front on `port` (loopback) passing requests to `upstream`; `floors` maps a page's name to its floor HTML. */
export async function startFrontServer(
  upstream: string,
  port: number,
  floors: ReadonlyMap<string, string>,
): Promise<FrontServer> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const bodies = new Map([...floors].map(([name, html]) => [name, floorBodies(html)]));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://front.invalid');
    const floorName = url.searchParams.get(FLOOR_PARAMETER);
    if (floorName !== null) {
      const floor = bodies.get(floorName);
      if (floor !== undefined) {
        sendFloor(request, response, floor);
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`no floor «${floorName}»`);
      return;
    }
    const forwarded = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`bench front: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  // A page's requests arrive together; the default backlog is plenty, but keep-alive must outlast a
  // throttled load's pauses so the browser's connection pool is not cut under it.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((listening, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => listening());
  });
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
        agent.destroy();
      }),
  };
}
