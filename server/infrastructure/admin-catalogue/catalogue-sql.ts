import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { slugify } from '../seed/demo-random';

/**
 * SQL helpers the back office's stores share (products, categories, content, dictionaries, promo codes
 * and the product import), kept apart from any one store so that none imports another.
 */

/** Latin slug of a Russian name (the demo catalogue's transliteration). */
export function slugOf(text: string): string {
  const slug = slugify(text).slice(0, 180).replace(/-+$/, '');
  return slug === '' ? `tovar-${randomBytes(3).toString('hex')}` : slug;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const record = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (record.code === '23505') {
      return (
        constraint === undefined || String(record.constraint ?? record.message ?? '').includes(constraint)
      );
    }
    current = record.cause;
  }
  return false;
}

/** Rows of a drizzle `execute` result on either driver (PGlite and node-postgres both answer `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

export type Executor = { execute(query: SQL): Promise<unknown> };

/** Records old → new; chains are flattened so no visitor goes through two 301s. */
export async function addRedirect(tx: Executor, from: string, to: string, source: string): Promise<void> {
  if (from === to) return;
  await tx.execute(sql`DELETE FROM redirects WHERE from_path = ${to}`);
  await tx.execute(sql`UPDATE redirects SET to_path = ${to} WHERE to_path = ${from}`);
  await tx.execute(sql`
    INSERT INTO redirects (from_path, to_path, source) VALUES (${from}, ${to}, ${source})
    ON CONFLICT (from_path) DO UPDATE SET to_path = excluded.to_path, source = excluded.source, created_at = now()`);
}
