import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite does not lock its directory, and two processes on one directory corrupt it (stack.md gotcha 7).
 * The lock is a file holding the owner's PID; a lock left by a dead process is taken over.
 */
export type LockResult = { ok: true; release: () => void } | { ok: false; ownerPid: number; path: string };

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function acquireDataDirLock(dataDir: string, pid: number = process.pid): LockResult {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, `${pid}\n`, { flag: 'wx' });
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isSafeInteger(ownerPid) && ownerPid > 0 && ownerPid !== pid && isAlive(ownerPid)) {
        return { ok: false, ownerPid, path };
      }
      // Stale (dead owner or garbage): remove and try once more; a racing process wins with `wx`.
      rmSync(path, { force: true });
    }
  }
  return { ok: false, ownerPid: -1, path };
}
