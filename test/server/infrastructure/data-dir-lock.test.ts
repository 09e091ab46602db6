import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../../../server/infrastructure/db/data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'lock-test-'));

describe('data directory lock', () => {
  it('takes the lock, refuses a second live owner, and releases', () => {
    const dir = freshDir();
    const first = acquireDataDirLock(dir);
    expect(first.ok).toBe(true);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    // Another process (the parent of this one is alive) trying the same directory is refused.
    const second = acquireDataDirLock(dir, process.ppid);
    expect(second).toMatchObject({ ok: false, ownerPid: process.pid });
    if (first.ok) first.release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock left by a dead process or holding garbage', () => {
    const dir = freshDir();
    // PIDs are bounded by pid_max (≤ 4 194 304 on Linux): this one cannot be alive.
    writeFileSync(join(dir, 'server.lock'), '2147483646\n');
    const taken = acquireDataDirLock(dir);
    expect(taken.ok).toBe(true);
    if (taken.ok) taken.release();
    writeFileSync(join(dir, 'server.lock'), 'not a pid');
    const again = acquireDataDirLock(dir);
    expect(again.ok).toBe(true);
    if (again.ok) again.release();
  });

  it('stays held while an admitted helper lives, even when the owner is gone', () => {
    const dir = freshDir();
    // The owner is a dead process, its helper (here this test's parent process) alive: still held.
    writeFileSync(join(dir, 'server.lock'), `2147483646\n${process.ppid}\n`);
    expect(acquireDataDirLock(dir)).toMatchObject({ ok: false, ownerPid: process.ppid });
    // The owner's own admit and dismiss write and remove the helper's line.
    const other = freshDir();
    const owner = acquireDataDirLock(other);
    if (!owner.ok) throw new Error('the lock was not taken');
    owner.admit(process.ppid);
    expect(readFileSync(join(other, 'server.lock'), 'utf8')).toBe(`${process.pid}\n${process.ppid}\n`);
    expect(acquireDataDirLock(other, 2147483645)).toMatchObject({ ok: false, ownerPid: process.pid });
    owner.dismiss();
    expect(readFileSync(join(other, 'server.lock'), 'utf8')).toBe(`${process.pid}\n`);
    owner.release();
    expect(existsSync(join(other, 'server.lock'))).toBe(false);
  });
});
