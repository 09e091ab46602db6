import { sql } from 'drizzle-orm';
import type { ExchangeFiles, ExchangeType } from '../../application/exchange/exchange.port';
import type { Database } from '../db/database';

/** «import.xml», «import_files/ab/picture.jpg»: no absolute paths, no «..», nothing unusual. */
function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 200 &&
    /^[\p{L}\p{N}_.\-/]+$/u.test(name) &&
    !name.startsWith('/') &&
    name.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/**
 * The files of one exchange session in exchange_chunks: `init` empties the type, each `file` request
 * adds its chunk (1С sends a large file in several), `import` reads them joined in order. Shared by
 * every server process behind the proxy, unlike a server's own disk.
 */
export class SqlExchangeFiles implements ExchangeFiles {
  constructor(private readonly database: Database) {}

  async reset(type: ExchangeType): Promise<void> {
    await this.database.rows(sql`DELETE FROM exchange_chunks WHERE type = ${type}`);
    // A new exchange: the files processed over several calls start over.
    await this.database.rows(sql`DELETE FROM exchange_progress WHERE type = ${type}`);
  }

  async append(type: ExchangeType, name: string, chunk: Buffer, maxBytes: number) {
    if (!isSafeFileName(name))
      return { ok: false as const, message: `Недопустимое имя файла «${name.slice(0, 80)}».` };
    // The size check and the insert are one statement: two chunks at once cannot both slip under it.
    const added = await this.database.rows<{ id: number }>(sql`
      INSERT INTO exchange_chunks (type, file_name, size, content_base64)
      SELECT ${type}, ${name}, ${chunk.length}, ${chunk.toString('base64')}
      WHERE (SELECT coalesce(sum(size), 0) FROM exchange_chunks WHERE type = ${type} AND file_name = ${name})
        + ${chunk.length} <= ${maxBytes}
      RETURNING id`);
    return added.length === 1
      ? { ok: true as const }
      : { ok: false as const, message: `Файл «${name.slice(0, 80)}» больше допустимого размера.` };
  }

  async read(type: ExchangeType, name: string): Promise<Buffer | null> {
    if (!isSafeFileName(name)) return null;
    const rows = await this.database.rows<{ content_base64: string }>(sql`
      SELECT content_base64 FROM exchange_chunks WHERE type = ${type} AND file_name = ${name} ORDER BY id`);
    return rows.length === 0
      ? null
      : Buffer.concat(rows.map((row) => Buffer.from(row.content_base64, 'base64')));
  }
}
