import { join } from 'node:path';
import type { FileStore } from '../../application/file-store.port';
import { DiskFileStore } from './disk-file-store';
import { createS3Client, S3FileStore, type S3Settings } from './s3-file-store';

/** FILE_STORE: `disk` (DATA_DIR/media and DATA_DIR/uploads, one server) or `s3` (shared by all). */
export type FileStoreSettings = { readonly kind: 'disk' } | ({ readonly kind: 's3' } & S3Settings);

/** The shop's two folders of files: pictures served at /media/, and request attachments. */
export interface FileStores {
  readonly media: FileStore;
  readonly uploads: FileStore;
}

export function openFileStores(settings: FileStoreSettings, dataDir: string): FileStores {
  if (settings.kind === 'disk') {
    return {
      media: new DiskFileStore(join(dataDir, 'media')),
      uploads: new DiskFileStore(join(dataDir, 'uploads')),
    };
  }
  const client = createS3Client(settings);
  const store = (prefix: string): FileStore => new S3FileStore(client, settings.bucket, prefix);
  return { media: store('media/'), uploads: store('uploads/') };
}
