import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24, items 9 and 11: the deploy files pass every setting and install only what the server runs.
 * - Every variable of README's «Configuration» table (except the ones for tests) is passed to the shop
 *   containers by compose.yaml (a build argument for the browser app's API base): a setting the
 *   compose file drops — RECEIPT_VAT_CODE was one — silently runs the default in production.
 * - The Dockerfile's runtime stage installs `dependencies` only, and the root package.json keeps the
 *   lint binary and browser-only packages out of them (the renderer bundles those: vite.config.ts).
 * - The image and the compose file start an empty shop unless SEED_PRODUCTS says otherwise.
 * The production-start e2e test runs the runtime stage's commands and checks what they install.
 */
const root = resolve(import.meta.dirname, '../..');
const read = (file: string): string => readFileSync(resolve(root, file), 'utf8');

function readmeVariables(): { name: string; meaning: string }[] {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Other commands'));
  const variables: { name: string; meaning: string }[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const [, names, , meaning] = cells;
    if (names === undefined || meaning === undefined || !names.startsWith('`')) continue;
    for (const match of names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) {
      if (match[1]) variables.push({ name: match[1], meaning });
    }
  }
  return variables;
}

/** The keys under `environment:` and `args:` of compose.yaml's shared shop block (`x-shop`). */
function composeShopSettings(): Set<string> {
  const compose = read('compose.yaml');
  const start = compose.indexOf('x-shop:');
  const end = compose.indexOf('\nservices:');
  const block = compose.slice(start, end);
  return new Set([...block.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? ''));
}

function dockerStage(name: string): string {
  const dockerfile = read('Dockerfile');
  const start = dockerfile.search(new RegExp(`^FROM .* AS ${name}$`, 'm'));
  const next = dockerfile.slice(start + 1).search(/^FROM /m);
  return next === -1 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
}

interface PackageJson {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

describe('deploy files', () => {
  it('README documents the settings the compose file passes, and compose passes every one', () => {
    const documented = readmeVariables();
    expect(documented.map((variable) => variable.name)).toEqual(
      expect.arrayContaining(['RECEIPT_VAT_CODE', 'SEED_PRODUCTS', 'PUBLIC_URL', 'VITE_API_BASE_URL']),
    );
    const passed = composeShopSettings();
    const missing = documented
      .filter((variable) => !variable.meaning.startsWith('tests:'))
      .map((variable) => variable.name)
      .filter((name) => !passed.has(name));
    expect(missing).toEqual([]);
  });

  it('the runtime stage installs only the production dependencies', () => {
    const runtime = dockerStage('runtime');
    const installs = [...runtime.matchAll(/^RUN .*\bnpm (ci|install|i)\b.*$/gm)].map((match) => match[0]);
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/npm ci --omit=dev\b/);
    // Nothing of the build stage's full node_modules is carried over; dist/ is.
    expect(runtime).not.toMatch(/COPY --from=build \S*node_modules/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
  });

  it('keeps the lint binary and browser-only packages out of the production dependencies', () => {
    const manifest = JSON.parse(read('package.json')) as PackageJson;
    const production = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
    for (const name of [
      '@biomejs/cli-linux-x64',
      '@biomejs/cli-linux-arm64',
      '@shop/biome-runner',
      'lucide-react',
      '@tiptap/react',
      '@tiptap/starter-kit',
      '@tiptap/pm',
      '@dnd-kit/core',
      '@dnd-kit/sortable',
      '@dnd-kit/utilities',
      'react-toastify',
      'lenis',
      '@tanstack/react-table',
      '@fontsource-variable/manrope',
    ]) {
      expect(production, name).not.toContain(name);
    }
    // The lock marks Biome's binaries as dev-only, so `npm ci --omit=dev` leaves them out.
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const biome = Object.entries(lock.packages).filter(([path]) => path.startsWith('node_modules/@biomejs/'));
    expect(biome.length).toBeGreaterThan(0);
    for (const [path, entry] of biome) expect({ path, dev: entry.dev }).toEqual({ path, dev: true });
  });

  it('the image and the compose file start an empty shop unless SEED_PRODUCTS says otherwise', () => {
    expect(dockerStage('runtime')).toMatch(/^\s+SEED_PRODUCTS=0\b/m);
    expect(read('compose.yaml')).toMatch(/^\s+SEED_PRODUCTS: \$\{SEED_PRODUCTS:-0\}$/m);
    // `npm start` keeps the demo: the code's default is a demo catalogue.
    expect(read('server/infrastructure/config.ts')).toMatch(/integer\(env, 'SEED_PRODUCTS', 600, 0,/);
  });
});
