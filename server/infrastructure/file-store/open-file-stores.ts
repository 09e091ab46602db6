import { join } from 'node:path';
import type { FileStore } from '../../application/file-store.port';
import { DiskFileStore } from './disk-file-store';
import type { S3Settings } from './s3-file-store';

/** FILE_STORE: `disk` (DATA_DIR/media and DATA_DIR/uploads, one server) or `s3` (shared by all). */
export type FileStoreSettings = { readonly kind: 'disk' } | ({ readonly kind: 's3' } & S3Settings);

/** The shop's two folders of files: pictures served at /media/, and request attachments. */
export interface FileStores {
  readonly media: FileStore;
  readonly uploads: FileStore;
}

/** The files on this server's disk: DATA_DIR/media and DATA_DIR/uploads. */
export function diskFileStores(dataDir: string): FileStores {
  return {
    media: new DiskFileStore(join(dataDir, 'media')),
    uploads: new DiskFileStore(join(dataDir, 'uploads')),
  };
}

/**
 * The configured stores. The S3 client (@aws-sdk/client-s3, ≈ 15 MB of resident memory once loaded) is
 * imported only when FILE_STORE=s3 asks for it (docs/performance.md «Memory», session 13).
 */
export async function openFileStores(settings: FileStoreSettings, dataDir: string): Promise<FileStores> {
  if (settings.kind === 'disk') return diskFileStores(dataDir);
  const { createS3Client, S3FileStore } = await import('./s3-file-store');
  const client = createS3Client(settings);
  const store = (prefix: string): FileStore => new S3FileStore(client, settings.bucket, prefix);
  return { media: store('media/'), uploads: store('uploads/') };
}
