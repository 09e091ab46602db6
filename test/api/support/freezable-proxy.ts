import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from '../../support/free-port';

/**
 * A loopback TCP proxy in front of a database that can freeze: while frozen it accepts connections
 * and keeps every open one, but forwards nothing either way — a database that hangs (a stuck host,
 * a dead network path) as the shop sees it: TCP is up, no answer ever comes. Thawing forwards what
 * was held, as a network that recovers would.
 */
export interface FreezableProxy {
  readonly port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

interface Pair {
  readonly client: Socket;
  upstream: Socket | null;
}

export async function startFreezableProxy(targetPort: number): Promise<FreezableProxy> {
  const port = await freePort();
  const pairs = new Set<Pair>();
  let frozen = false;

  const link = (pair: Pair) => {
    const upstream = connect({ host: '127.0.0.1', port: targetPort });
    pair.upstream = upstream;
    const end = () => {
      pair.client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    upstream.on('error', end);
    upstream.on('close', end);
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on('error', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (frozen) client.pause();
    else link(pair);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    port,
    freeze() {
      frozen = true;
      // Unpiped and paused, a socket reads nothing more: bytes stay in the kernel's buffers.
      for (const pair of pairs) {
        if (pair.upstream !== null) {
          pair.client.unpipe(pair.upstream);
          pair.upstream.unpipe(pair.client);
          pair.upstream.pause();
        }
        pair.client.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) {
        if (pair.upstream === null) {
          link(pair);
        } else {
          pair.client.pipe(pair.upstream);
          pair.upstream.pipe(pair.client);
        }
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
