import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25 item 2 / style.md rule 13: views reach the shop only through use cases
 * (`useUseCase(…)`, `context.shop.resolve(…)`, src/application/use-case.ts), never through a port.
 *
 * A file "reaches a port" when it names the router context's `services` record, calls `useServices()`,
 * or imports a port (its interface or its token) or a record of ports from src/application. The files
 * below still do, from before the door existed; the list only shrinks: a file that moves to use cases
 * must leave it (the second test says so), and no file may join it (the first).
 */
const STILL_REACHING_PORTS: readonly string[] = [
  'src/ui/admin/catalogue/bulk-price-grid.tsx',
  'src/ui/admin/catalogue/category-commands.tsx',
  'src/ui/admin/catalogue/category-tree-editor.tsx',
  'src/ui/admin/catalogue/content-panels.tsx',
  'src/ui/admin/catalogue/content-screen.tsx',
  'src/ui/admin/catalogue/dicts-screen.tsx',
  'src/ui/admin/catalogue/news-screens.tsx',
  'src/ui/admin/catalogue/pages-screens.tsx',
  'src/ui/admin/catalogue/product-form-screen.tsx',
  'src/ui/admin/catalogue/product-image-manager.tsx',
  'src/ui/admin/catalogue/product-import-dialog.tsx',
  'src/ui/admin/catalogue/products-screen.tsx',
  'src/ui/admin/catalogue/promo-screens.tsx',
  'src/ui/admin/catalogue/stock-movements-panel.tsx',
  'src/ui/admin/orders/new-order-view.tsx',
  'src/ui/admin/orders/order-detail-view.tsx',
  'src/ui/admin/orders/order-money-view.tsx',
  'src/ui/admin/orders/orders-list-view.tsx',
  'src/ui/admin/product-picker.tsx',
  'src/ui/router-context.ts',
  'src/ui/routes/-client/access-form-fields.tsx',
  'src/ui/routes/-client/account-requests.tsx',
  'src/ui/routes/-client/cart-view.tsx',
  'src/ui/routes/-client/checkout-view.tsx',
  'src/ui/routes/-client/favourites-view.tsx',
  'src/ui/routes/-client/pay-link-view.tsx',
  'src/ui/routes/-client/pay-view.tsx',
  'src/ui/routes/-client/shop-hooks.ts',
  'src/ui/routes/-client/thank-you-view.tsx',
  'src/ui/routes/-components/voice-search.ts',
  'src/ui/routes/__root.tsx',
  'src/ui/routes/admin/content/index.tsx',
  'src/ui/routes/admin/dicts/index.tsx',
  'src/ui/routes/admin/news/$id.tsx',
  'src/ui/routes/admin/news/index.tsx',
  'src/ui/routes/admin/orders/$orderId/route.tsx',
  'src/ui/routes/admin/orders/index.tsx',
  'src/ui/routes/admin/orders/new.tsx',
  'src/ui/routes/admin/pages/$id.tsx',
  'src/ui/routes/admin/products/$id.tsx',
  'src/ui/routes/admin/products/index.tsx',
  'src/ui/routes/admin/promocodes/$code.tsx',
  'src/ui/routes/admin/promocodes/index.tsx',
  'src/ui/routes/admin/static-pages/index.tsx',
  'src/ui/routes/articles/$slug.tsx',
  'src/ui/routes/categories.tsx',
  'src/ui/routes/category/$/route.tsx',
  'src/ui/routes/category/vdohnovenie/$topicSlug/route.tsx',
  'src/ui/routes/category/vdohnovenie/index.tsx',
  'src/ui/routes/consent.tsx',
  'src/ui/routes/favorites/share/$hash.tsx',
  'src/ui/routes/index.tsx',
  'src/ui/routes/news/$slug.tsx',
  'src/ui/routes/orders/$clientId/route.tsx',
  'src/ui/routes/pages/$slug.tsx',
  'src/ui/routes/pages/news.tsx',
  'src/ui/routes/privacy.tsx',
  'src/ui/routes/product/$slug.tsx',
  'src/ui/routes/search.tsx',
  'src/ui/routes/terms.tsx',
  'src/ui/shell/header-search.ts',
];

const projectRoot = resolve(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(projectRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

const PORT_NAME = /\b[A-Z][A-Za-z]*Port\b|\b[A-Z_]+_PORT\b|\bAppServices\b|\bAdmin[A-Za-z]*Services\b/;

/** Why a file reaches a port, or null when it does not. */
function portReach(text: string): string | null {
  if (/\buseServices\s*\(/.test(text)) return 'calls useServices()';
  if (/\bservices\b/.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))) return 'names `services`';
  for (const statement of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const [, names = '', from = ''] = statement;
    if (!from.includes('/application/')) continue;
    const named = names.split(',').map((name) => name.replace(/^\s*type\s+/, '').trim());
    const port = named.find((name) => PORT_NAME.test(name));
    if (port !== undefined) return `imports ${port} from ${from}`;
  }
  return null;
}

describe('views reach the shop through use cases only', () => {
  const reaching = new Map(
    sourceFiles('src/ui').flatMap((file) => {
      const why = portReach(readFileSync(join(projectRoot, file), 'utf8'));
      return why === null ? [] : [[relative('.', file), why] as const];
    }),
  );

  it('no file beyond the shrinking list reaches a port (use a use case: src/application/use-case.ts)', () => {
    const newcomers = [...reaching].filter(([file]) => !STILL_REACHING_PORTS.includes(file));
    expect(newcomers).toEqual([]);
  });

  it('every listed file still reaches a port (one that no longer does leaves the list)', () => {
    expect(STILL_REACHING_PORTS.filter((file) => !reaching.has(file))).toEqual([]);
  });

  it('tells a port from a use case', () => {
    expect(
      portReach("import type { AdminOrdersPort } from '../../application/ports/admin-orders.port';"),
    ).toBe('imports AdminOrdersPort from ../../application/ports/admin-orders.port');
    expect(
      portReach("import {\n  type AdminOrder,\n  ADMIN_ORDERS_PORT,\n} from '../../application/ports/x';"),
    ).toMatch(/ADMIN_ORDERS_PORT/);
    expect(portReach('const { payments } = useServices();')).toBe('calls useServices()');
    expect(
      portReach("import type { AdminOrder } from '../../application/ports/admin-orders.port';"),
    ).toBeNull();
    expect(
      portReach("import { changeOrderStatus } from '../../application/admin/orders/change-status';"),
    ).toBeNull();
  });
});
