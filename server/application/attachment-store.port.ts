import type { AttachmentKind } from '../domain/attachment-type';

export type StoreAttachmentResult =
  | { readonly ok: true; readonly key: string; readonly kind: AttachmentKind; readonly size: number }
  | { readonly ok: false; readonly error: 'invalid_attachment_type' | 'file_too_large' };

/** Stores an uploaded file under a generated name after checking its bytes while it streams. */
export interface AttachmentStore {
  save(stream: AsyncIterable<Uint8Array>): Promise<StoreAttachmentResult>;
  open(key: string): Promise<{ readonly stream: NodeJS.ReadableStream; readonly size: number } | null>;
  remove(key: string): Promise<void>;
}
