import { DEMO_SEED } from '../server/composition-root';
import { announceCatalogueChange } from '../server/infrastructure/admin-catalogue/admin-catalogue-module';
import { readConfig } from '../server/infrastructure/config';
import { openAppDatabase } from '../server/infrastructure/db/open-app-database';
import { openFileStores } from '../server/infrastructure/file-store/open-file-stores';
import { generateDemoContent, MAX_DEMO_PRODUCT_COUNT } from '../server/infrastructure/seed/demo-content';
import { renderDemoImages } from '../server/infrastructure/seed/product-images';
import { seedDatabase } from '../server/infrastructure/seed/seed-database';

/**
 * `npm run db:seed [-- --products N] [--seed S] [--no-images]`: replaces the catalogue and content of
 * the configured database (DATA_DIR or DATABASE_URL) with freshly generated demo content. A reset:
 * rows that reference products (carts, favourites) are removed with them. The server must be stopped
 * (the PGlite data directory is locked).
 */
function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const configResult = readConfig(process.env);
  if (!configResult.ok) throw new Error(configResult.message);
  const products = Number(option(args, '--products') ?? configResult.config.seedProducts);
  const seed = Number(option(args, '--seed') ?? DEMO_SEED);
  if (!Number.isInteger(products) || products < 1 || products > MAX_DEMO_PRODUCT_COUNT) {
    throw new Error(`--products: целое число от 1 до ${MAX_DEMO_PRODUCT_COUNT}`);
  }
  if (!Number.isInteger(seed)) throw new Error('--seed: целое число');
  const opened = await openAppDatabase(configResult.config);
  if (!opened.ok) throw new Error(opened.message);
  try {
    const started = Date.now();
    const content = generateDemoContent({ products, seed });
    console.log(`Сгенерировано ${content.products.length} товаров за ${Date.now() - started} мс; записываю…`);
    const report = await seedDatabase(opened.database, content, { replace: true });
    console.log(
      `База заполнена: ${report.categories} категорий, ${report.products} товаров, ${report.news} материалов, ` +
        `${report.staticPages} страниц, ${report.lexiconWords} слов в словаре поиска (${report.milliseconds} мс).`,
    );
    // Servers running on the same PostgreSQL drop their catalogue caches now, not after CACHE_TTL_SECONDS.
    await announceCatalogueChange(opened.database, 'db-seed');
    if (!args.includes('--no-images')) {
      const { media } = await openFileStores(configResult.config.fileStore, configResult.config.dataDir);
      const images = await renderDemoImages(media, content);
      console.log(`Изображения: ${images.rendered} отрисовано, ${images.skipped} уже были.`);
    }
  } finally {
    await opened.database.close();
    opened.release();
  }
}

main().catch((error: unknown) => {
  console.error('Не удалось заполнить базу:', error instanceof Error ? error.message : error);
  process.exit(1);
});
