import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, sniffAttachment } from '../../../server/domain/attachment-type';
import { DiskFileStore } from '../../../server/infrastructure/file-store/disk-file-store';
import { CheckedAttachmentStore } from '../../../server/infrastructure/uploads/checked-attachment-store';

const bytes = (...parts: (string | number[] | Uint8Array)[]): Uint8Array =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF', new Array(2000).fill(7));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], new Array(2000).fill(1));
const WEBP = bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 ', new Array(500).fill(3));
const PDF = bytes('%PDF-1.7\n', new Array(3000).fill(0x20), '\n%%EOF');

async function* chunks(data: Uint8Array, size = 64 * 1024): AsyncIterable<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

async function* endless(
  chunk: Uint8Array,
  count: number,
  counter: { read: number },
): AsyncIterable<Uint8Array> {
  for (let i = 0; i < count; i += 1) {
    counter.read += chunk.length;
    yield chunk;
  }
}

let dir = '';
let store: CheckedAttachmentStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uploads-'));
  store = new CheckedAttachmentStore(new DiskFileStore(dir));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('attachment sniffing', () => {
  it('recognises JPEG, PNG, WEBP and PDF by their bytes', () => {
    expect(sniffAttachment(JPEG)).toEqual({ ok: true, kind: 'jpeg' });
    expect(sniffAttachment(PNG)).toEqual({ ok: true, kind: 'png' });
    expect(sniffAttachment(WEBP)).toEqual({ ok: true, kind: 'webp' });
    expect(sniffAttachment(PDF)).toEqual({ ok: true, kind: 'pdf' });
  });

  it('refuses empty files, HTML, SVG, RIFF that is not WEBP, and image/markup polyglots', () => {
    expect(sniffAttachment(new Uint8Array(0))).toEqual({ ok: false, reason: 'empty' });
    expect(sniffAttachment(bytes('<!DOCTYPE html><script>alert(1)</script>'))).toEqual({
      ok: false,
      reason: 'unknown_type',
    });
    expect(sniffAttachment(bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')).ok).toBe(
      false,
    );
    expect(sniffAttachment(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')).ok).toBe(false);
    expect(sniffAttachment(bytes([0xff, 0xd8, 0xff, 0xe0], '<html><script>alert(1)</script>'))).toEqual({
      ok: false,
      reason: 'active_content',
    });
  });
});

describe('disk attachment store', () => {
  it('stores valid files under generated names with the sniffed extension', async () => {
    for (const [data, extension] of [
      [JPEG, 'jpg'],
      [PNG, 'png'],
      [WEBP, 'webp'],
      [PDF, 'pdf'],
    ] as const) {
      const result = await store.save(chunks(data, 100));
      expect(result).toMatchObject({ ok: true, size: data.length });
      if (result.ok) {
        expect(result.key).toMatch(new RegExp(`^[A-Za-z0-9_-]{22}\\.${extension}$`));
        expect(await store.open(result.key)).toMatchObject({ size: data.length });
      }
    }
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte, keeping nothing', async () => {
    const exact = new Uint8Array(ATTACHMENT_MAX_BYTES);
    exact.set(PNG.subarray(0, 8));
    expect((await store.save(chunks(exact))).ok).toBe(true);
    const over = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
    over.set(PNG.subarray(0, 8));
    expect(await store.save(chunks(over))).toEqual({ ok: false, error: 'file_too_large' });
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('stops writing as soon as the limit passes, whatever the stream still holds', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(PNG.subarray(0, 8));
    const counter = { read: 0 };
    expect(await store.save(endless(chunk, 50, counter))).toEqual({ ok: false, error: 'file_too_large' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses renamed HTML, SVG, polyglots with a markup tail, and empty files', async () => {
    const hostile = [
      bytes('<html><body><script>alert(document.cookie)</script></body></html>'),
      bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      bytes(PNG, '<html><script>alert(1)</script></html>'),
      bytes([0xff, 0xd8, 0xff, 0xe0], '<script>alert(1)</script>'),
      new Uint8Array(0),
    ];
    for (const data of hostile) {
      expect(await store.save(chunks(data, 16))).toEqual({ ok: false, error: 'invalid_attachment_type' });
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('never opens a path that is not a generated key', async () => {
    expect(await store.open('../../etc/passwd')).toBeNull();
    expect(await store.open('abc\u0000.png')).toBeNull();
  });
});
