import type { Writable } from 'node:stream';

/**
 * Resolves once a full stream has room again, or has closed (a download abandoned midway: the next
 * write fails and ends the export, instead of waiting for a drain that never comes). Exports write
 * their file only as fast as the browser takes it, so memory stays flat whatever the file's size.
 */
export function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}
