import { pino } from 'pino';
import { createServer, seedIfEmpty } from './composition-root';
import { readAccountsConfig } from './infrastructure/accounts.config';
import { readAlertsConfig } from './infrastructure/alerts/alerts.config';
import { readConfig } from './infrastructure/config';
import { PREPARE_ONLY_ARGUMENT, prepareDataDir } from './infrastructure/db/first-start';
import { openAppDatabase } from './infrastructure/db/open-app-database';
import { openFileStores } from './infrastructure/file-store/open-file-stores';
import { databaseProblem, dataDirProblem, mailAndPaymentProblem } from './infrastructure/startup-checks';

/** SHUTDOWN_TIMEOUT_SECONDS: how long SIGTERM waits for requests in flight before the process exits anyway. */
const DEFAULT_SHUTDOWN_SECONDS = 10;
/** How long the start-up check waits for PostgreSQL to accept a connection. */
const DATABASE_CHECK_MS = 5000;

/**
 * The process's own log lines (start-up, shutdown, a refused configuration), JSON like Fastify's request
 * log, written synchronously so a line is out before `process.exit`. Fastify keeps its own logger with the
 * personal-data redaction (infrastructure/logging/personal-data.ts).
 */
const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const requestedLevel = process.env.LOG_LEVEL?.trim() ?? '';
const log = pino(
  { level: LOG_LEVELS.has(requestedLevel) ? requestedLevel : 'info', base: { pid: process.pid } },
  pino.destination({ dest: 1, sync: true }),
);

/** One line naming the mistake, exit code 1, no stack trace (docs/operations.md, «Configuration»). */
function refuse(message: string): never {
  log.fatal(message);
  process.exit(1);
}

function shutdownSeconds(env: NodeJS.ProcessEnv): number {
  const raw = env.SHUTDOWN_TIMEOUT_SECONDS?.trim();
  if (raw === undefined || raw === '') return DEFAULT_SHUTDOWN_SECONDS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 600) {
    refuse(
      `Ошибка конфигурации: SHUTDOWN_TIMEOUT_SECONDS должен быть целым числом от 1 до 600, получено «${raw}».`,
    );
  }
  return seconds;
}

// Entry point of `npm start` / `npm run serve` (and of the container: `node dist/api/main.js`): checks the
// configuration, opens (and on first start seeds) the database, then serves the built shop (dist/client),
// /media, /api, /healthz and /readyz on PORT.
async function main(): Promise<void> {
  const configResult = readConfig(process.env);
  if (!configResult.ok) refuse(`Ошибка конфигурации: ${configResult.message}`);
  const { config } = configResult;
  const accountsResult = readAccountsConfig(process.env);
  if (!accountsResult.ok) refuse(`Ошибка конфигурации: ${accountsResult.message}`);
  const alertsResult = readAlertsConfig(process.env);
  if (!alertsResult.ok) refuse(`Ошибка конфигурации: ${alertsResult.message}`);
  const settingsProblem = mailAndPaymentProblem(process.env);
  if (settingsProblem !== null) refuse(`Ошибка конфигурации: ${settingsProblem}`);
  const gracePeriodMs = shutdownSeconds(process.env) * 1000;
  const dataProblem = dataDirProblem(config.dataDir);
  if (dataProblem !== null) refuse(dataProblem);
  if (config.databaseUrl !== undefined) {
    const unreachable = await databaseProblem(config.databaseUrl, DATABASE_CHECK_MS);
    if (unreachable !== null) refuse(unreachable);
  }

  const files = await openFileStores(config.fileStore, config.dataDir);
  const storeProblem = await files.media.probe().then(
    () => null,
    (error: unknown) =>
      `Хранилище файлов (FILE_STORE=${config.fileStore.kind}) недоступно: ${oneLine(error)}`,
  );
  if (storeProblem !== null) refuse(storeProblem);

  // Migrations and the seeding decision run under the start-up lock (a PostgreSQL advisory lock): of
  // several processes started together on an empty database, one migrates and seeds, the others wait.
  // On PGlite a first start's migrations and seeding run in a child process first (first-start.ts).
  const opened = await openAppDatabase(
    { ...config, pool: { ...config.databasePool, log }, firstStartInChild: true },
    (database) => seedIfEmpty(database, config, files.media, (message) => log.info(message)),
  ).catch(
    (error: unknown) =>
      ({ ok: false, message: `Не удалось открыть базу данных: ${oneLine(error)}` }) as const,
  );
  if (!opened.ok) refuse(opened.message);
  const { database, release } = opened;
  let parts: Awaited<ReturnType<typeof createServer>> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(
      { signal, gracePeriodMs },
      'Остановка: новые соединения не принимаются, завершаю текущие запросы',
    );
    // Requests that outlive the grace period (a stuck upstream, a slow client) must not keep the
    // process — and a rolling upgrade — waiting for ever.
    const deadline = setTimeout(() => {
      log.error({ gracePeriodMs }, 'Остановка не уложилась в срок: процесс завершается принудительно');
      release();
      process.exit(1);
    }, gracePeriodMs);
    deadline.unref();
    let exitCode = 0;
    try {
      await parts?.app.close();
      await database.close();
    } catch (error) {
      exitCode = 1;
      log.error({ err: error }, 'Ошибка при остановке');
    } finally {
      release();
      log.info('Сервер остановлен');
      process.exit(exitCode);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  // Last resort: a promise nobody awaited that failed (the database dropped under a background task)
  // is logged, and the process keeps serving; Node's default would end it and every request in flight.
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'Необработанная ошибка в фоновой задаче: процесс продолжает работу');
  });
  try {
    parts = await createServer(database, {
      ...config,
      files,
      accounts: accountsResult.config,
      alerts: alertsResult.config,
      announce: (message) => log.info(message),
    });
    await parts.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // One line for the operator (a port in use, a seed that failed); the stack only at LOG_LEVEL=debug.
    log.debug({ err: error }, 'Не удалось запустить сервер');
    log.fatal(`Не удалось запустить сервер: ${oneLine(error)}`);
    await database.close().catch(() => {});
    release();
    process.exit(1);
  }
}

/**
 * The child of a first start on PGlite (first-start.ts): the parent has checked the configuration and
 * holds the data directory's lock; this migrates and seeds, then exits, giving its memory back.
 */
async function prepareOnly(): Promise<void> {
  // The parent gone (killed), nobody holds the lock for this process any more: stop writing at once.
  process.on('disconnect', () => {
    log.fatal('Подготовка базы данных прервана: сервер, запустивший её, остановлен');
    process.exit(1);
  });
  const configResult = readConfig(process.env);
  if (!configResult.ok) refuse(`Ошибка конфигурации: ${configResult.message}`);
  const { config } = configResult;
  const files = await openFileStores(config.fileStore, config.dataDir);
  try {
    await prepareDataDir(config.dataDir, (database) =>
      seedIfEmpty(database, config, files.media, (message) => log.info(message)),
    );
  } catch (error) {
    log.debug({ err: error }, 'Не удалось подготовить базу данных');
    refuse(`Не удалось подготовить базу данных: ${oneLine(error)}`);
  }
  process.exit(0);
}

function fieldsOf(error: unknown): string {
  try {
    return typeof error === 'object' && error !== null ? JSON.stringify(error) : String(error);
  } catch {
    return String(error);
  }
}

function oneLine(error: unknown): string {
  // PGlite's file system throws plain objects ({ errno: 54 }): their fields say more than «[object Object]».
  const text = error instanceof Error ? error.message : fieldsOf(error);
  return text.split('\n')[0] ?? text;
}

void (process.argv.includes(PREPARE_ONLY_ARGUMENT) ? prepareOnly() : main());
