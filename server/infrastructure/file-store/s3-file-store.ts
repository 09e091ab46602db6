import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type FileStore, isFileKey, type StoredFile } from '../../application/file-store.port';

export interface S3Settings {
  /** The S3 API's address (MinIO: http://minio:9000); absent for AWS itself. */
  readonly endpoint: string | undefined;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted stores want. */
  readonly forcePathStyle: boolean;
}

/** One S3 client per process, shared by the stores of its folders (media/, uploads/). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // MinIO and other S3-compatible stores do not all accept the SDK's newer default checksums
    // (CRC32 trailers on every upload); checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Files in an S3-compatible bucket (MinIO, AWS S3, Yandex Object Storage…) under a key prefix, so every
 * server process reads and writes the same files. An object appears only when its upload completed.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** `media/` or `uploads/`: the folder of this store inside the bucket. */
    private readonly prefix: string,
  ) {}

  private objectKey(key: string): string | null {
    return isFileKey(key) ? `${this.prefix}${key}` : null;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const objectKey = this.objectKey(key);
    if (objectKey === null) throw new Error(`invalid file key: ${key}`);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    const objectKey = this.objectKey(key);
    if (objectKey === null) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if (!(object.Body instanceof Readable)) return null;
      return { body: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    if (objectKey === null) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    // One DELETE per object: DeleteObjects needs a Content-MD5/checksum header not every store accepts.
    await Promise.all(
      keys.map(async (key) => {
        const objectKey = this.objectKey(key);
        if (objectKey === null) return;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      }),
    );
  }

  async probe(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
