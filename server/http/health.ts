import type { FastifyInstance } from 'fastify';
import type { ReadinessProbe } from '../application/readiness.port';

const NO_STORE = 'no-store';

/**
 * GET /healthz: the process is alive and its event loop turns (no I/O: a load balancer restarts a process
 * that fails it, and a slow database is no reason to restart). GET /readyz: the process can serve (the
 * database answers, every migration is applied, the file store is writable); 503 otherwise, so a load
 * balancer stops sending it traffic (while the server closes, Fastify itself answers 503 to everything).
 * A check that is `ok` but degraded (the LISTEN connection being reconnected) keeps 200 with the
 * status `degraded`: the process answers correctly, so it stays in the balancer.
 * Both are JSON and registered before the page fallback, which therefore never answers them with the
 * shop's HTML.
 */
export function installHealthRoutes(app: FastifyInstance, readiness: ReadinessProbe | undefined): void {
  // Polled every few seconds by every load balancer and orchestrator: not worth two log lines each time.
  const quiet = { logLevel: 'warn' } as const;
  app.get('/healthz', quiet, async (_request, reply) =>
    reply.header('cache-control', NO_STORE).send({ status: 'ok' }),
  );
  app.get('/readyz', quiet, async (request, reply) => {
    const checks = readiness ? await readiness() : {};
    const ready = Object.values(checks).every((check) => check.ok);
    const degraded =
      ready && Object.values(checks).some((check) => 'degraded' in check && check.degraded === true);
    if (!ready) request.log.warn({ checks }, 'Not ready');
    else if (degraded) request.log.warn({ checks }, 'Degraded');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', NO_STORE)
      .send({ status: ready ? (degraded ? 'degraded' : 'ready') : 'not ready', checks });
  });
}
