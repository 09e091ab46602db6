/** A file read back from a FileStore. */
export interface StoredFile {
  readonly body: NodeJS.ReadableStream;
  readonly size: number;
}

/**
 * Where the shop keeps its files — product pictures and their generated variants, request attachments —
 * so that every server process sees the same files (docs/operations.md, «Several servers»). Keys are
 * relative paths such as `product/sofa-03-640.webp`; a write is whole-file: a reader sees nothing, or
 * the complete file, never a part of it.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under `key` (or `key` is not a valid key). */
  get(key: string): Promise<StoredFile | null>;
  has(key: string): Promise<boolean>;
  /** Removes the files; keys without a file are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  /** Throws when the store cannot be reached (start-up and readiness checks). */
  probe(): Promise<void>;
}

const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * True for keys a store accepts: `/`-separated segments of latin letters, digits, `.`, `_` and `-`,
 * none of them `.` or `..` and none starting with a dot — so a key can never name a path outside the
 * store, whatever a request put into it.
 */
export function isFileKey(key: string): boolean {
  if (key.length === 0 || key.length > 400) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment) && !segment.includes('..'));
}

/** The Content-Type a stored file is served with, by its extension. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};
