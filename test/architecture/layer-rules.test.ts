import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const projectRoot = resolve(import.meta.dirname, '../..');
const depcruise = join(projectRoot, 'node_modules/.bin/depcruise');
const config = join(projectRoot, '.dependency-cruiser.cjs');

/** Lays out a throw-away project with the given files and cruises it with the real rule set. */
async function cruise(files: Record<string, string>): Promise<{ exitCode: number; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'layer-rules-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    const { stdout, stderr } = await run(depcruise, ['src', 'api', 'server', '--config', config], {
      cwd: dir,
    });
    return { exitCode: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failed.code, output: failed.stdout + failed.stderr };
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const cleanProject = {
  'src/domain/cart.ts': 'export const total = (xs: number[]) => xs.length;\n',
  'src/application/cart.use-case.ts':
    "import { total } from '../domain/cart';\nexport const count = total;\n",
  'src/infrastructure/composition-root.ts':
    "import { count } from '../application/cart.use-case';\nexport const root = count;\n",
  'src/ui/view.ts': "import { count } from '../application/cart.use-case';\nexport const view = count;\n",
  'src/main.tsx': "import { root } from './infrastructure/composition-root';\nexport const main = root;\n",
  'api/cart.ts': 'export const path = "/api/cart";\n',
  'server/domain/order.ts': 'export const id = 1;\n',
};

describe('layer rules (npm run check:architecture)', () => {
  it('accepts a project that follows the dependency direction', async () => {
    const result = await cruise(cleanProject);
    expect(result.output).toContain('no dependency violations');
    expect(result.exitCode).toBe(0);
  }, 30_000);

  it.each([
    ['domain-is-pure', 'src/domain/bad.ts', "import { view } from '../ui/view';\nexport const x = view;\n"],
    [
      'application-depends-on-domain-only',
      'src/application/bad.ts',
      "import { root } from '../infrastructure/composition-root';\nexport const x = root;\n",
    ],
    [
      'ui-depends-on-application-and-domain',
      'src/ui/bad.ts',
      "import { root } from '../infrastructure/composition-root';\nexport const x = root;\n",
    ],
    [
      'api-contract-imports-only-effect',
      'api/bad.ts',
      "import { total } from '../src/domain/cart';\nexport const x = total;\n",
    ],
    [
      'server-domain-is-pure',
      'server/domain/bad.ts',
      "import { path } from '../../api/cart';\nexport const x = path;\n",
    ],
  ])(
    'fails with rule %s naming the offending import',
    async (rule, file, text) => {
      const result = await cruise({ ...cleanProject, [file]: text });
      expect(result.exitCode).not.toBe(0);
      expect(result.output).toContain(rule);
      expect(result.output).toContain(file);
    },
    30_000,
  );

  it('fails on an import cycle', async () => {
    const result = await cruise({
      ...cleanProject,
      'src/domain/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/domain/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('no-circular');
  }, 30_000);
});
