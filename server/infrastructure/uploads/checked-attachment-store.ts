import type { AttachmentStore, StoreAttachmentResult } from '../../application/attachment-store.port';
import { contentTypeOf, type FileStore } from '../../application/file-store.port';
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
 * Request attachments in the shop's uploads store (DATA_DIR/uploads, or the uploads/ folder of the
 * shared S3 bucket), named by the server (128 random bits + the sniffed extension), outside the web
 * root. The bytes are checked while they stream: past 5 MB the upload is refused without keeping more,
 * and only a file that passed every check is written — in one piece, so no half-written or refused
 * file is ever left in the store.
 */
export class CheckedAttachmentStore implements AttachmentStore {
  constructor(private readonly files: FileStore) {}

  async save(stream: AsyncIterable<Uint8Array>): Promise<StoreAttachmentResult> {
    const kept: Uint8Array[] = [];
    let size = 0;
    let head: Uint8Array = new Uint8Array(0);
    let tail: Uint8Array = new Uint8Array(0);
    let verdict: ReturnType<typeof sniffAttachment> | null = null;
    let failure: 'invalid_attachment_type' | 'file_too_large' | null = null;
    // The whole stream is read even after a refusal (breaking out would destroy the request body
    // and the client would get a reset instead of its 413/415); refused bytes are counted, not kept.
    for await (const chunk of stream) {
      if (failure !== null) continue;
      size += chunk.byteLength;
      if (size > ATTACHMENT_MAX_BYTES) {
        failure = 'file_too_large';
        kept.length = 0;
        continue;
      }
      if (verdict === null) {
        head = concat(head, chunk);
        if (head.byteLength >= SNIFF_BYTES) {
          verdict = sniffAttachment(head.subarray(0, SNIFF_BYTES));
          if (!verdict.ok) {
            failure = 'invalid_attachment_type';
            kept.length = 0;
            continue;
          }
        }
      }
      tail = concat(tail, chunk).slice(-TAIL_BYTES);
      kept.push(chunk.slice());
    }
    if (failure === null && verdict === null) verdict = sniffAttachment(head);
    if (failure === null && verdict !== null && !verdict.ok) failure = 'invalid_attachment_type';
    if (failure === null && hasActiveTail(tail)) failure = 'invalid_attachment_type';
    if (failure !== null || verdict === null || !verdict.ok) {
      return { ok: false, error: failure ?? 'invalid_attachment_type' };
    }
    const key = `${newRandomId()}.${ATTACHMENT_TYPES[verdict.kind].extension}`;
    await this.files.put(key, Buffer.concat(kept), contentTypeOf(key));
    return { ok: true, key, kind: verdict.kind, size };
  }

  async open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null> {
    // Keys come from our database, but a file is never looked up by anything that is not a generated key.
    if (!KEY_PATTERN.test(key)) return null;
    const file = await this.files.get(key);
    return file === null ? null : { stream: file.body, size: file.size };
  }

  async remove(key: string): Promise<void> {
    if (KEY_PATTERN.test(key)) await this.files.remove([key]);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a, 0);
  out.set(b, a.byteLength);
  return out;
}
