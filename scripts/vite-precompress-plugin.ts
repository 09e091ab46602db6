import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts (woff2 is already compressed) and maps are not. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below one TCP packet compression saves nothing. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) next to every text file of the
 * build, once, at build time. The server hands them out with @fastify/static's `preCompressed`
 * (server/http/static-files.ts), so a shopper on a slow phone downloads about a third of the bytes
 * and the server never compresses on the request path (docs/performance.md).
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'shop:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config === undefined || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      await compressTree(outDir);
    },
  };
}

async function compressTree(directory: string): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return compressTree(path);
      if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) return;
      if ((await stat(path)).size < MIN_BYTES) return;
      const content = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      // A compressed copy that is not smaller would only cost the client CPU.
      if (br.length < content.length) await writeFile(`${path}.br`, br);
      if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
    }),
  );
}
