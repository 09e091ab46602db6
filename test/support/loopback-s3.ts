import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/infrastructure/file-store/s3-file-store';

/**
 * An S3-protocol server on loopback (s3rver, files in a temporary folder): containers (MinIO) cannot be
 * pulled on the test machines, so the S3 adapter and the multi-process test run against this. s3rver
 * accepts the key pair S3RVER/S3RVER and checks request signatures like S3 does.
 */
export interface LoopbackS3 {
  readonly settings: S3Settings;
  /** The same settings as the server's environment (FILE_STORE=s3, S3_*). */
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

export async function startLoopbackS3(bucket = 'shop-files'): Promise<LoopbackS3> {
  const directory = mkdtempSync(join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
