import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25 item 2 / style.md rule 13: views reach the shop only through use cases
 * (`useUseCase(…)`, `context.shop.resolve(…)`, src/application/use-case.ts), never through a port.
 *
 * A file "reaches a port" when it names the router context's `services` record, calls `useServices()`,
 * or imports a port (its interface or its token) or a record of ports from src/application. When the door
 * was made 70 files did; since every view moved to use cases and the router context lost its `services`
 * record, none may.
 */

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

  it('no file in src/ui reaches a port (use a use case: src/application/use-case.ts)', () => {
    expect([...reaching]).toEqual([]);
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
