import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Bundle analysis for scripts/bench-web.ts: the entry chunk and its static import graph from Vite's
 * manifest (<outDir>/.vite/manifest.json, emitted with `--manifest`), and which source modules make up
 * those chunks (rolldown's chunk info, recorded during the same build by chunkModulesPlugin).
 */

export const GZIP_LEVEL = 9;

export function gzipBytes(data: string | Uint8Array): number {
  return gzipSync(data, { level: GZIP_LEVEL }).length;
}

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

export interface ChunkSize {
  readonly file: string;
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

export interface StaticGraph {
  readonly entry: ChunkSize;
  /** The entry's transitive static imports (what index.html modulepreloads), largest first. */
  readonly imports: readonly ChunkSize[];
  readonly totalRawBytes: number;
  readonly totalGzipBytes: number;
  /** Dynamic imports reachable from the entry graph (loaded on demand, possibly still before first paint). */
  readonly dynamicImports: readonly string[];
  readonly css: readonly ChunkSize[];
}

function sizeOf(clientDir: string, file: string): ChunkSize {
  const data = readFileSync(join(clientDir, file));
  return { file, rawBytes: data.length, gzipBytes: gzipBytes(data) };
}

/** Entry chunk + transitive static imports, from the manifest Vite writes with `--manifest`. */
export function staticGraphFromManifest(clientDir: string): StaticGraph {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  const [entryKey, entryChunk] = entries[0] as [string, ManifestChunk];
  const seen = new Set<string>([entryKey]);
  const queue = [...(entryChunk.imports ?? [])];
  const dynamic = new Set<string>(entryChunk.dynamicImports ?? []);
  const css = new Set<string>(entryChunk.css ?? []);
  while (queue.length > 0) {
    const key = queue.shift() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) continue;
    queue.push(...(chunk.imports ?? []));
    for (const item of chunk.dynamicImports ?? []) dynamic.add(item);
    for (const item of chunk.css ?? []) css.add(item);
  }
  const imports = [...seen]
    .filter((key) => key !== entryKey)
    .map((key) => manifest[key])
    .filter((chunk): chunk is ManifestChunk => chunk !== undefined)
    .map((chunk) => sizeOf(clientDir, chunk.file))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const entry = sizeOf(clientDir, entryChunk.file);
  return {
    entry,
    imports,
    totalRawBytes: entry.rawBytes + imports.reduce((sum, chunk) => sum + chunk.rawBytes, 0),
    totalGzipBytes: entry.gzipBytes + imports.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    dynamicImports: [...dynamic].filter((key) => !seen.has(key)),
    css: [...css].map((file) => sizeOf(clientDir, file)),
  };
}

export interface ModuleShare {
  /** Project-relative module id, or `node_modules/<package>` for dependencies. */
  readonly module: string;
  /** Rendered (tree-shaken, not yet minified) length of the module's code in the chunk. */
  readonly renderedBytes: number;
  /** gzip of the module's rendered code on its own: a relative weight, not additive across modules. */
  readonly gzipAloneBytes: number;
  /**
   * The chunk's real (minified) gzip size apportioned by gzipAloneBytes: an estimate of what removing
   * the module from the chunk would save.
   */
  readonly estimatedGzipBytes: number;
}

export interface ChunkModules {
  readonly file: string;
  readonly isEntry: boolean;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  readonly modules: readonly ModuleShare[];
}

interface RenderedModuleLike {
  readonly code: string | null;
  readonly renderedLength: number;
}
interface OutputChunkLike {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  readonly code: string;
  readonly modules: Readonly<Record<string, RenderedModuleLike>>;
}

/** `…/node_modules/react-dom/cjs/x.js` → `node_modules/react-dom`; project files relative to root. */
export function moduleLabel(id: string, root: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0] ?? id;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (match) return `node_modules/${match[1]}`;
  return clean.startsWith(`${root}/`) ? clean.slice(root.length + 1) : clean;
}

/** Where the plugin below writes its findings (next to the measured build, outside its emptied outDir). */
export const CHUNK_MODULES_FILE = resolve(
  import.meta.dirname,
  '..',
  '.tmp',
  'bench-web',
  'chunk-modules.json',
);

function describeChunk(chunk: OutputChunkLike, root: string): ChunkModules {
  const chunkGzip = gzipBytes(chunk.code);
  const grouped = new Map<string, { rendered: number; code: string }>();
  for (const [id, info] of Object.entries(chunk.modules)) {
    if (info.renderedLength === 0) continue;
    const label = moduleLabel(id, root);
    const previous = grouped.get(label) ?? { rendered: 0, code: '' };
    grouped.set(label, {
      rendered: previous.rendered + info.renderedLength,
      code: previous.code + (info.code ?? ''),
    });
  }
  const alone = [...grouped].map(([module, value]) => ({
    module,
    renderedBytes: value.rendered,
    gzipAloneBytes: value.code === '' ? 0 : gzipBytes(value.code),
  }));
  const aloneSum = alone.reduce((sum, item) => sum + item.gzipAloneBytes, 0);
  return {
    file: chunk.fileName,
    isEntry: chunk.isEntry,
    imports: chunk.imports,
    dynamicImports: chunk.dynamicImports,
    modules: alone
      .map((item) => ({
        ...item,
        estimatedGzipBytes: aloneSum === 0 ? 0 : Math.round((item.gzipAloneBytes / aloneSum) * chunkGzip),
      }))
      .sort((a, b) => b.estimatedGzipBytes - a.estimatedGzipBytes),
  };
}

/**
 * A build plugin (used by scripts/bench-web-vite.config.ts) that writes, for every JS chunk of the
 * production build, the modules rolldown put in it with their sizes.
 */
export function chunkModulesPlugin(outFile: string): Plugin {
  let root = process.cwd();
  return {
    name: 'bench-web-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkModules[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push(describeChunk(output as unknown as OutputChunkLike, root));
      }
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

export function readChunkModules(file: string = CHUNK_MODULES_FILE): readonly ChunkModules[] {
  return JSON.parse(readFileSync(file, 'utf8')) as ChunkModules[];
}
