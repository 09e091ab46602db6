import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type FileStore, isFileKey, type StoredFile } from '../../application/file-store.port';

/**
 * The embedded default: files under a folder of DATA_DIR, for a shop run as one process (or several
 * processes sharing that folder). Writes go to a temporary name and are renamed, so a reader never
 * sees a half-written file.
 */
export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private path(key: string): string | null {
    return isFileKey(key) ? join(this.root, key) : null;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.path(key);
    if (path === null) throw new Error(`invalid file key: ${key}`);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.path(key);
    if (path === null) return null;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { body: createReadStream(path), size: info.size };
    } catch {
      return null;
    }
  }

  async has(key: string): Promise<boolean> {
    const path = this.path(key);
    if (path === null) return false;
    try {
      return (await stat(path)).isFile();
    } catch {
      return false;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => {
        const path = this.path(key);
        return path === null ? undefined : rm(path, { force: true });
      }),
    );
  }

  /** The folder exists (created when missing) and this process may write into it. */
  async probe(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}
