import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../../server/composition-root';
import type { Database } from '../../server/infrastructure/db/database';
import { eventually } from '../support/eventually';
import { CapturingMailer, PUBLIC_URL, testAccountsConfig } from './support/session-client';
import { openTestDatabase, testDrivers } from './support/test-database';

/**
 * Uploads leave no orphans (issue 12, item 9): a file is kept only when a request row refers to it.
 * The app has its own DATA_DIR so the uploads folder holds only this suite's files.
 */
const BOUNDARY = '----orphan-test-boundary-Zx81';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64 * 1024, 1),
]);

function multipart(fields: Record<string, string>, file?: Buffer, close = true): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="plan.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  if (close) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const goodFields = { subject: 'Консультация', text: 'Комментарий: нужен диван', email: '' };

describe.each(testDrivers())('upload orphans (%s)', (driver) => {
  const dataDir = resolve(`.tmp/test-data-uploads-${driver}`);
  const uploadsDir = join(dataDir, 'uploads');
  let database: Database;
  let app: FastifyInstance;
  let ipCounter = 0;

  const filesLeft = async () => (existsSync(uploadsDir) ? await readdir(uploadsDir) : []);
  const post = (body: Buffer) => {
    ipCounter += 1;
    return app.inject({
      method: 'POST',
      url: '/api/requests',
      remoteAddress: `198.51.100.${ipCounter}`,
      headers: { origin: PUBLIC_URL, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
  };

  beforeAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    database = await openTestDatabase(driver);
    ({ app } = await createServer(database, {
      dataDir,
      clientDir: resolve('.tmp/test-no-client'),
      logLevel: 'silent',
      logger: false,
      cacheEntries: 0,
      cacheTtlMs: 60_000,
      accounts: testAccountsConfig(),
      mailer: new CapturingMailer(),
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it('keeps the file of an accepted request', async () => {
    const response = await post(multipart(goodFields, PNG));
    expect(response.statusCode).toBe(201);
    expect((await filesLeft()).filter((name) => name.endsWith('.png'))).toHaveLength(1);
  });

  it('stores nothing when the form around a valid file is invalid', async () => {
    for (const fields of [
      { ...goodFields, subject: '' },
      { ...goodFields, subject: 'x'.repeat(201) },
      { ...goodFields, email: 'not-an-email' },
      { text: goodFields.text },
      { ...goodFields, text: 'x'.repeat(5000) },
    ]) {
      const response = await post(multipart(fields, PNG));
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    // Fields sent after the file are checked too.
    const fileFirst = Buffer.concat([multipart({}, PNG, false), multipart({ subject: '', text: 'x' })]);
    expect((await post(fileFirst)).statusCode).toBeLessThan(500);
    expect(await filesLeft()).toEqual([]);
  });

  it('stores nothing when the request is refused by a rate limit after the file was read', async () => {
    const statuses: number[] = [];
    // Requests to one e-mail are limited per e-mail, after the upload has been read.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      statuses.push(
        (await post(multipart({ ...goodFields, email: `flood-${driver}@mail.ru` }, PNG))).statusCode,
      );
    }
    expect(statuses).toContain(429);
    expect((await filesLeft()).filter((name) => name.endsWith('.png'))).toHaveLength(
      statuses.filter((status) => status === 201).length,
    );
    expect((await filesLeft()).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('leaves no part file when the client breaks off in the middle of the file', async () => {
    const { port } = app.server.address() as AddressInfo;
    const whole = multipart(goodFields, Buffer.concat([PNG, Buffer.alloc(512 * 1024, 2)]));
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    await new Promise<void>((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          [
            'POST /api/requests HTTP/1.1',
            `Host: 127.0.0.1:${port}`,
            `Origin: ${PUBLIC_URL}`,
            `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
            `Content-Length: ${whole.length}`,
            '',
            '',
          ].join('\r\n'),
        );
        socket.write(cut, () => setTimeout(() => socket.destroy(), 150));
      });
      socket.on('error', () => {});
      socket.on('close', () => done());
    });
    // The server notices the broken connection asynchronously.
    await eventually(async () => expect(await filesLeft()).toEqual([]));
  });

  it('leaves nothing when the body ends before the closing boundary', async () => {
    const truncated = multipart(goodFields, PNG, false);
    const response = await post(truncated);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await filesLeft()).toEqual([]);
  });
});
