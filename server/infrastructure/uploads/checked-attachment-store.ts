import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AttachmentStore, StoreAttachmentResult } from '../../application/attachment-store.port';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  hasActiveTail,
  SNIFF_BYTES,
  sniffAttachment,
} from '../../domain/attachment-type';
import { newRandomId } from '../auth/session-token';

const KEY_PATTERN = /^[A-Za-z0-9_-]{22}\.(jpg|png|webp|pdf)$/;
const TAIL_BYTES = 1024;

/**
 * Attachments on disk under DATA_DIR/uploads, named by the server (128 random bits + the sniffed
 * extension), outside the web root. The size limit is enforced while streaming: the upload is
 * abandoned as soon as it passes 5 MB, so nothing larger is ever buffered or kept.
 */
export class DiskAttachmentStore implements AttachmentStore {
  constructor(private readonly dir: string) {}

  async save(stream: AsyncIterable<Uint8Array>): Promise<StoreAttachmentResult> {
    await mkdir(this.dir, { recursive: true });
    const id = newRandomId();
    const partial = join(this.dir, `${id}.part`);
    const handle = await open(partial, 'wx');
    let size = 0;
    let head: Uint8Array = new Uint8Array(0);
    let tail: Uint8Array = new Uint8Array(0);
    let verdict: ReturnType<typeof sniffAttachment> | null = null;
    let failure: 'invalid_attachment_type' | 'file_too_large' | null = null;
    try {
      // The whole stream is read even after a refusal (breaking out would destroy the request body
      // and the client would get a reset instead of its 413/415); refused bytes are counted, not kept.
      for await (const chunk of stream) {
        if (failure !== null) continue;
        size += chunk.byteLength;
        if (size > ATTACHMENT_MAX_BYTES) {
          failure = 'file_too_large';
          continue;
        }
        if (verdict === null) {
          head = concat(head, chunk);
          if (head.byteLength >= SNIFF_BYTES) {
            verdict = sniffAttachment(head.subarray(0, SNIFF_BYTES));
            if (!verdict.ok) {
              failure = 'invalid_attachment_type';
              continue;
            }
          }
        }
        tail = concat(tail, chunk).slice(-TAIL_BYTES);
        await handle.write(chunk);
      }
    } catch (error) {
      // The upload broke off (client gone, truncated body): no part file is left behind.
      await handle.close().catch(() => {});
      await rm(partial, { force: true });
      throw error;
    } finally {
      await handle.close().catch(() => {});
    }
    if (failure === null && verdict === null) verdict = sniffAttachment(head);
    if (failure === null && verdict !== null && !verdict.ok) failure = 'invalid_attachment_type';
    if (failure === null && hasActiveTail(tail)) failure = 'invalid_attachment_type';
    if (failure !== null || verdict === null || !verdict.ok) {
      await rm(partial, { force: true });
      return { ok: false, error: failure ?? 'invalid_attachment_type' };
    }
    const key = `${id}.${ATTACHMENT_TYPES[verdict.kind].extension}`;
    await rename(partial, join(this.dir, key));
    return { ok: true, key, kind: verdict.kind, size };
  }

  async open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null> {
    // Keys come from our database, but a path is never built from anything that is not a generated key.
    if (!KEY_PATTERN.test(key)) return null;
    const path = join(this.dir, key);
    try {
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    if (KEY_PATTERN.test(key)) await rm(join(this.dir, key), { force: true });
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a, 0);
  out.set(b, a.byteLength);
  return out;
}
