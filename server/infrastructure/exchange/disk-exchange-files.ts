import { appendFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { ExchangeFiles, ExchangeType } from '../../application/exchange/exchange.port';

/**
 * The files of one exchange session on disk, DATA_DIR/exchange/<type>/<name>: `init` empties the
 * folder, each `file` request appends its chunk (1С sends a large file in several), `import` reads.
 * Names are checked before any path is built: letters, digits, «_ . -» and folders, no «..».
 */
export class DiskExchangeFiles implements ExchangeFiles {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'exchange');
  }

  private pathOf(type: ExchangeType, name: string): string | null {
    if (!isSafeFileName(name)) return null;
    const folder = join(this.root, type);
    const path = resolve(folder, name);
    return path.startsWith(folder + sep) ? path : null;
  }

  async reset(type: ExchangeType): Promise<void> {
    await rm(join(this.root, type), { recursive: true, force: true });
    await mkdir(join(this.root, type), { recursive: true });
  }

  async append(type: ExchangeType, name: string, chunk: Buffer, maxBytes: number) {
    const path = this.pathOf(type, name);
    if (path === null)
      return { ok: false as const, message: `Недопустимое имя файла «${name.slice(0, 80)}».` };
    const size = await stat(path).then(
      (info) => info.size,
      () => 0,
    );
    if (size + chunk.length > maxBytes)
      return { ok: false as const, message: `Файл «${name.slice(0, 80)}» больше допустимого размера.` };
    await mkdir(dirname(path), { recursive: true });
    await appendFile(path, chunk);
    return { ok: true as const };
  }

  async read(type: ExchangeType, name: string): Promise<Buffer | null> {
    const path = this.pathOf(type, name);
    if (path === null) return null;
    return readFile(path).catch(() => null);
  }
}

/** «import.xml», «import_files/ab/picture.jpg»: no absolute paths, no «..», nothing unusual. */
function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 200 &&
    /^[\p{L}\p{N}_.\-/]+$/u.test(name) &&
    !name.startsWith('/') &&
    name.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}
