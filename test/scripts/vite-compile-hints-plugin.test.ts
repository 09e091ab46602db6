import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  compileHintsPlugin,
  type HintableChunk,
  isStartUpChunk,
  withCompileHint,
} from '../../scripts/vite-compile-hints-plugin';

const chunk = (name: string, moduleIds: string[], isEntry = false): HintableChunk => ({
  type: 'chunk',
  name,
  isEntry,
  moduleIds,
  code: 'export const x = () => 1;\n',
});

/** Runs the plugin's generateBundle on a bundle, as vite does after every other step. */
function runPlugin(bundle: Record<string, HintableChunk | { type: 'asset'; source: string }>, ssr = false) {
  const plugin = compileHintsPlugin();
  const configResolved = plugin.configResolved as (config: { build: { ssr: boolean } }) => void;
  configResolved({ build: { ssr } });
  const hook = plugin.generateBundle as {
    order: string;
    handler: (options: unknown, out: typeof bundle) => void;
  };
  expect(hook.order).toBe('post');
  hook.handler({}, bundle);
  return bundle;
}

describe('the compile hints of the start-up chunks', () => {
  it('opens the entry, the app chunk and the routes’ component chunks with the hint', () => {
    const bundle = runPlugin({
      'index.js': chunk('index', ['/w/src/main.tsx'], true),
      'app.js': chunk('app', ['/w/node_modules/react-dom/index.js', '/w/src/ui/router.ts']),
      'product.js': chunk('_slug', ['/w/src/ui/routes/product/$slug.tsx?tsr-split=component']),
    });
    for (const name of ['index.js', 'app.js', 'product.js']) {
      const output = bundle[name] as HintableChunk;
      expect(output.code.startsWith(COMPILE_HINT), name).toBe(true);
      expect(output.code.slice(COMPILE_HINT.length)).toBe('export const x = () => 1;\n');
    }
  });

  it('leaves lazy libraries, assets and the server renderer’s chunks alone', () => {
    const lazy = runPlugin({
      'http-adapters.js': chunk('http-adapters', ['/w/node_modules/effect/dist/index.js']),
      'rich-text-editor.js': chunk('rich-text-editor', ['/w/src/ui/admin/rich-text-editor.tsx']),
      'app.css': { type: 'asset', source: 'body{}' },
    });
    expect((lazy['http-adapters.js'] as HintableChunk).code.startsWith('//#')).toBe(false);
    expect((lazy['rich-text-editor.js'] as HintableChunk).code.startsWith('//#')).toBe(false);
    expect(lazy['app.css']).toEqual({ type: 'asset', source: 'body{}' });

    const server = runPlugin(
      { 'entry-server.js': chunk('entry-server', ['/w/src/entry-server.tsx'], true) },
      true,
    );
    expect((server['entry-server.js'] as HintableChunk).code.startsWith('//#')).toBe(false);
  });

  it('opens the pieces a route chunk imports statically, short of lazy libraries', () => {
    const bundle = runPlugin({
      'product.js': {
        ...chunk('_slug', ['/w/src/ui/routes/product/$slug.tsx?tsr-split=component']),
        imports: ['price.js', 'phone-number.js'],
      },
      'price.js': { ...chunk('price', ['/w/src/ui/components/price.tsx']), imports: ['icons.js'] },
      'icons.js': chunk('truck', ['/w/node_modules/lucide-react/dist/esm/icons/truck.js']),
      'phone-number.js': chunk('phone-number', ['/w/node_modules/libphonenumber-js/min/index.js']),
      'unused.js': chunk('admin-format', ['/w/src/ui/admin/admin-format.ts']),
    });
    const hinted = (name: string) => (bundle[name] as HintableChunk).code.startsWith(COMPILE_HINT);
    expect(['product.js', 'price.js', 'icons.js'].every(hinted)).toBe(true);
    expect(hinted('phone-number.js')).toBe(false);
    expect(hinted('unused.js')).toBe(false);
  });

  it('a route file that is not a split component chunk is not a start-up chunk', () => {
    expect(
      isStartUpChunk({
        name: 'x',
        isEntry: false,
        moduleIds: ['/w/src/ui/routes/-components/page-head.tsx'],
      }),
    ).toBe(false);
  });

  it('adds the hint once, whatever the code', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        const once = withCompileHint(code);
        expect(once.startsWith(COMPILE_HINT)).toBe(true);
        expect(withCompileHint(once)).toBe(once);
        expect(once.endsWith(code)).toBe(true);
      }),
    );
  });
});
