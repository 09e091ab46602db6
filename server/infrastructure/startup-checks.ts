import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Checks made before the server opens anything (docs/operations.md, «Configuration»): each returns
 * null, or the one line that tells the operator what is wrong — never a stack trace.
 */

/** DATA_DIR must exist (or be creatable) and take a file: PGlite, uploads and the lock file live there. */
export function dataDirProblem(dataDir: string): string | null {
  const probe = join(dataDir, `.write-check-${randomUUID()}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'ошибка';
    return `DATA_DIR ${dataDir} недоступен для записи (${code}): укажите каталог, в который процесс может писать.`;
  }
}

function urlProblem(name: string, value: string | undefined, protocols: readonly string[]): string | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `${name} не является адресом (${protocols.map((protocol) => `${protocol}//…`).join(' или ')}).`;
  }
  if (!protocols.includes(url.protocol)) {
    return `${name} должен начинаться с ${protocols.map((protocol) => `${protocol}//`).join(' или ')}.`;
  }
  if (url.hostname === '') return `${name}: не указан сервер.`;
  return null;
}

/**
 * SMTP and YooKassa settings beyond what the accounts configuration parses: the addresses must be
 * complete URLs, and a YooKassa shop id is a number (the personal account shows it as such).
 */
export function mailAndPaymentProblem(env: NodeJS.ProcessEnv): string | null {
  const shopId = env.YOOKASSA_SHOP_ID?.trim();
  if (shopId && !/^\d+$/.test(shopId))
    return 'YOOKASSA_SHOP_ID должен состоять из цифр (shopId из личного кабинета ЮKassa).';
  return (
    urlProblem('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) ??
    urlProblem('YOOKASSA_API_URL', env.YOOKASSA_API_URL, ['https:', 'http:'])
  );
}

/** Host and port of a connection string, for messages (never the user or the password). */
function serverOf(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Connects once to PostgreSQL and runs `select 1`; the reason in one line when that fails. */
export async function databaseProblem(connectionString: string, timeoutMs: number): Promise<string | null> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    return `База данных ${serverOf(connectionString)} недоступна (${reason.split('\n')[0]}): проверьте DATABASE_URL и что PostgreSQL запущен.`;
  } finally {
    await client.end().catch(() => {});
  }
}
