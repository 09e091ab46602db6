import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/infrastructure/db/database';
import { generateDemoContent } from '../../server/infrastructure/seed/demo-content';
import { isCatalogueEmpty, seedDatabase } from '../../server/infrastructure/seed/seed-database';
import { openTestDatabase, testContent, testDrivers } from './support/test-database';

describe.each(testDrivers())('seeding on %s', (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  const count = async (table: string) => {
    const [row] = await database.rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
    return Number(row?.n);
  };

  it('holds everything the generator produced', async () => {
    const content = testContent();
    expect(await isCatalogueEmpty(database)).toBe(false);
    expect(await count('products')).toBe(content.products.length);
    expect(await count('categories')).toBe(content.categories.length);
    expect(await count('news')).toBe(content.news.length);
    expect(await count('static_pages')).toBe(content.staticPages.length);
    expect(await count('promo_codes')).toBe(content.promoCodes.length);
    expect(await count('product_images')).toBe(
      content.products.reduce((sum, p) => sum + p.imageKeys.length, 0),
    );
    const [home10] = await database.rows<{ code: string }>(
      sql`SELECT code FROM promo_codes WHERE code = 'HOME10'`,
    );
    expect(home10?.code).toBe('HOME10');
    // Hidden raw fields are stored apart from the visible specs.
    const [row] = await database.rows<{ specs: Record<string, string>; raw_fields: Record<string, string> }>(
      sql`SELECT specs, raw_fields FROM products ORDER BY id LIMIT 1`,
    );
    expect(Object.keys(row?.specs ?? {})).not.toContain('PRICE_DILER');
    expect(Object.keys(row?.raw_fields ?? {}).length).toBeGreaterThan(0);
  });

  it('replaces the catalogue on a re-seed and keeps identity sequences usable', async () => {
    const smaller = generateDemoContent({ products: 30, seed: 99 });
    const report = await seedDatabase(database, smaller, { replace: true });
    expect(report.products).toBe(30);
    expect(report.lexiconWords).toBeGreaterThan(10);
    expect(await count('products')).toBe(30);
    expect(await count('categories')).toBe(smaller.categories.length);
    const [inserted] = await database.rows<{ id: number }>(
      sql`INSERT INTO categories (slug, path, name) VALUES ('novaya', 'novaya', 'Новая') RETURNING id`,
    );
    expect(Number(inserted?.id)).toBeGreaterThan(smaller.categories.length);
  });

  it('writes all or nothing: a seeding that fails midway leaves the catalogue as it was', async () => {
    const before = { products: await count('products'), categories: await count('categories') };
    const other = generateDemoContent({ products: 40, seed: 7 });
    const [first] = other.products;
    if (first === undefined) throw new Error('the generator made no products');
    // The same product twice: the products' insert fails after the truncation and the categories.
    const broken = { ...other, products: [...other.products, first] };
    await expect(seedDatabase(database, broken, { replace: true })).rejects.toThrow();
    expect(await count('products')).toBe(before.products);
    expect(await count('categories')).toBe(before.categories);
    expect(await isCatalogueEmpty(database)).toBe(false);
  });
});
