import { createServer, seedIfEmpty } from './composition-root';
import { readConfig } from './infrastructure/config';
import { openAppDatabase } from './infrastructure/db/open-app-database';

// Entry point of `npm start` / `npm run serve`: opens (and on first start seeds) the database, then
// serves the built shop (dist/client), /media and /api on PORT.
async function main(): Promise<void> {
  const configResult = readConfig(process.env);
  if (!configResult.ok) {
    console.error(`Ошибка конфигурации: ${configResult.message}`);
    process.exit(1);
  }
  const { config } = configResult;
  const opened = await openAppDatabase(config);
  if (!opened.ok) {
    console.error(opened.message);
    process.exit(1);
  }
  const { database, release } = opened;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Получен ${signal}: останавливаю сервер…`);
    try {
      await parts?.app.close();
      await database.close();
    } finally {
      release();
      process.exit(0);
    }
  };
  let parts: Awaited<ReturnType<typeof createServer>> | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  try {
    await seedIfEmpty(database, config, (message) => console.log(message));
    parts = await createServer(database, config);
    await parts.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error('Не удалось запустить сервер:', error);
    await database.close().catch(() => {});
    release();
    process.exit(1);
  }
}

void main();
