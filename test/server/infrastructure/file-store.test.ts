import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, type FileStore, isFileKey } from '../../../server/application/file-store.port';
import { DiskFileStore } from '../../../server/infrastructure/file-store/disk-file-store';
import { openFileStores } from '../../../server/infrastructure/file-store/open-file-stores';
import { createS3Client, S3FileStore } from '../../../server/infrastructure/file-store/s3-file-store';
import { CheckedAttachmentStore } from '../../../server/infrastructure/uploads/checked-attachment-store';
import { type LoopbackS3, startLoopbackS3 } from '../../support/loopback-s3';

/**
 * One contract, two adapters: the embedded disk store and the S3 store (against s3rver on loopback)
 * behave the same for everything the shop does with files.
 */
let s3: LoopbackS3;
let dir = '';
beforeAll(async () => {
  s3 = await startLoopbackS3();
  dir = await mkdtemp(join(tmpdir(), 'file-store-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const adapters: [string, () => FileStore][] = [
  ['disk', () => new DiskFileStore(dir)],
  ['s3', () => new S3FileStore(createS3Client(s3.settings), s3.settings.bucket, 'media/')],
];

describe.each(adapters)('the %s file store', (_name, store) => {
  it('writes, reads back, reports and removes a file', async () => {
    const files = store();
    const key = `product/sofa-${Date.now()}-640.webp`;
    expect(await files.has(key)).toBe(false);
    expect(await files.get(key)).toBeNull();
    await files.put(key, Buffer.from('RIFF-picture'), contentTypeOf(key));
    expect(await files.has(key)).toBe(true);
    const file = await files.get(key);
    expect(file?.size).toBe(12);
    expect(await text(file?.body ?? Readable.from([]))).toBe('RIFF-picture');
    await files.put(key, Buffer.from('RIFF-replaced'), contentTypeOf(key));
    expect(await text((await files.get(key))?.body ?? Readable.from([]))).toBe('RIFF-replaced');
    await files.remove([key, 'product/never-written.webp']);
    expect(await files.has(key)).toBe(false);
  });

  it('refuses keys that could name something outside the store', async () => {
    const files = store();
    for (const key of ['../package.json', 'a/../../b', '/etc/passwd', 'a//b', '.hidden', 'a/./b', '']) {
      expect(isFileKey(key), key).toBe(false);
      expect(await files.get(key), key).toBeNull();
      expect(await files.has(key), key).toBe(false);
      await expect(files.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow();
    }
  });

  it('answers the probe when reachable', async () => {
    await expect(store().probe()).resolves.toBeUndefined();
  });

  it('keeps checked attachments and nothing of refused ones', async () => {
    const attachments = new CheckedAttachmentStore(store());
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(3000, 1),
    ]);
    const saved = await attachments.save(Readable.from([png]));
    if (!saved.ok) throw new Error(saved.error);
    expect((await attachments.open(saved.key))?.size).toBe(png.length);
    expect(
      await attachments.save(Readable.from([Buffer.from('<html><script>alert(1)</script></html>')])),
    ).toEqual({
      ok: false,
      error: 'invalid_attachment_type',
    });
    await attachments.remove(saved.key);
    expect(await attachments.open(saved.key)).toBeNull();
  });
});

describe('the S3 store', () => {
  it('keeps the media and uploads folders of one bucket apart', async () => {
    const stores = await openFileStores({ kind: 's3', ...s3.settings }, dir);
    await stores.media.put('shared-name.png', Buffer.from('media'), 'image/png');
    expect(await stores.uploads.has('shared-name.png')).toBe(false);
    expect(await text((await stores.media.get('shared-name.png'))?.body ?? Readable.from([]))).toBe('media');
  });

  it('fails the probe for a bucket that does not exist', async () => {
    const missing = new S3FileStore(createS3Client(s3.settings), 'no-such-bucket', 'media/');
    await expect(missing.probe()).rejects.toThrow();
  });
});

describe('the disk store', () => {
  it('leaves no temporary files', async () => {
    const files: FileStore = new DiskFileStore(join(dir, 'tmp-check'));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => files.put(`a/b-${i}.png`, Buffer.alloc(1000, i), 'image/png')),
    );
    expect((await readdir(join(dir, 'tmp-check', 'a'))).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `b-${i}.png`).sort(),
    );
  });
});
