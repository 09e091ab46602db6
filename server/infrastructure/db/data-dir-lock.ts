import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite does not lock its directory, and two processes on one directory corrupt it (stack.md gotcha 7).
 * The lock is a file holding the owner's PID, one a line; a lock left by a dead process is taken over.
 * The owner may admit a helper it started (the first start's preparation, server/infrastructure/db/
 * first-start.ts): its PID is written below the owner's, and the lock stays held while either lives —
 * an owner killed while its helper still writes does not let a new server open the directory.
 */
export type LockResult =
  | {
      ok: true;
      release: () => void;
      /** Adds a helper process's PID to the lock (until `dismiss`). */
      admit: (helperPid: number) => void;
      /** Removes the helper's PID again (it has exited). */
      dismiss: () => void;
    }
  | { ok: false; ownerPid: number; path: string };

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
        admit: (helperPid) => {
          if (!released) writeFileSync(path, `${pid}\n${helperPid}\n`);
        },
        dismiss: () => {
          if (!released) writeFileSync(path, `${pid}\n`);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holders = readFileSync(path, 'utf8')
        .split('\n')
        .map((line) => Number.parseInt(line.trim(), 10))
        .filter((holder) => Number.isSafeInteger(holder) && holder > 0 && holder !== pid);
      const liveHolder = holders.find(isAlive);
      if (liveHolder !== undefined) return { ok: false, ownerPid: liveHolder, path };
      // Stale (dead owner or garbage): remove and try once more; a racing process wins with `wx`.
      rmSync(path, { force: true });
    }
  }
  return { ok: false, ownerPid: -1, path };
}
