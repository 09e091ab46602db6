import type { Plugin } from 'vite';

/**
 * Chromium's per-file explicit compile hint (Chrome 136+; WICG «Explicit JavaScript Compile Hints»).
 * It must open the file: V8 reads it before the first function.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** What the plugin needs to know of a chunk (a subset of rolldown's OutputChunk). */
export interface HintableChunk {
  readonly type: 'chunk';
  readonly name: string;
  readonly isEntry: boolean;
  readonly moduleIds: readonly string[];
  /** The chunks it imports statically (file names). */
  readonly imports?: readonly string[];
  code: string;
}

/**
 * Libraries a chunk may pull in statically of which it runs only a few functions (effect's HTTP code,
 * phone numbers, the editor, drag and drop, tables): compiling all of their functions would waste a core.
 */
const LAZY_LIBRARY =
  /node_modules[\\/](effect|libphonenumber-js|@tiptap|prosemirror-[^\\/]+|@dnd-kit|@tanstack[\\/](table-core|react-table))[\\/]|rich-text-editor/;

/**
 * The start-up chunks and what they import statically, short of lazy libraries: since vite.config.ts no
 * longer copies the pieces shared by lazy routes into each route's chunk (issue 27), a route's component
 * chunk imports them as chunks of their own, which hydration runs as much as the route's own code.
 */
export function startUpChunkFiles(
  bundle: Readonly<Record<string, HintableChunk | { readonly type: string }>>,
) {
  const chunks = new Map<string, HintableChunk>();
  for (const [file, output] of Object.entries(bundle)) {
    if (output.type === 'chunk') chunks.set(file, output as HintableChunk);
  }
  const files = new Set<string>();
  const visit = (file: string, startUp: boolean) => {
    const chunk = chunks.get(file);
    if (chunk === undefined || files.has(file)) return;
    if (!startUp && chunk.moduleIds.some((id) => LAZY_LIBRARY.test(id))) return;
    files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
  };
  for (const [file, chunk] of chunks) if (isStartUpChunk(chunk)) visit(file, true);
  return files;
}

/**
 * The chunks whose functions nearly all run while the first page starts: the entry, the `app` chunk
 * (React, the router, xstate, the shell; vite.config.ts) and the routes' component chunks, which
 * hydration renders. Lazy libraries (the HTTP adapters' effect code, the rich-text editor, phone
 * numbers) run only a few of theirs, so compiling all of them would waste a core.
 */
export function isStartUpChunk(chunk: Pick<HintableChunk, 'name' | 'isEntry' | 'moduleIds'>): boolean {
  if (chunk.isEntry || chunk.name === 'app') return true;
  return chunk.moduleIds.some((id) => id.includes('/src/ui/routes/') && id.includes('tsr-split='));
}

/** Prepends the hint to a chunk once (a second build step must not stack it). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : COMPILE_HINT + code;
}

/**
 * Marks the start-up chunks with `//# allFunctionsCalledOnLoad`, so Chromium compiles their
 * functions on the background thread that streams the script in, instead of lazily on the main
 * thread the first time each is called. Measured on the mobile profile (4× CPU), parsing and
 * compiling were about two thirds of the long task that evaluates the `app` chunk, and a third of
 * the next ones (docs/performance.md «Compile hints»). Other browsers read it as a comment.
 *
 * It runs after every other generateBundle step (vite's preload helper is already in the code) and
 * before precompress-plugin.ts writes the .br and .gz copies at closeBundle. The file names keep
 * their content hashes: the hint is the same for every build, so a name still changes exactly when
 * the code does.
 */
export function compileHintsPlugin(): Plugin {
  let ssr = false;
  return {
    name: 'shop:compile-hints',
    apply: 'build',
    configResolved(resolved) {
      ssr = Boolean(resolved.build.ssr);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        const startUp = startUpChunkFiles(bundle as unknown as Record<string, HintableChunk>);
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'chunk' && startUp.has(file)) output.code = withCompileHint(output.code);
        }
      },
    },
  };
}
