import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import * as Auth from '../../api/auth';
import * as Cart from '../../api/cart';
import { isPortFailure } from '../../src/application/ports/port-failure';
import { HttpApiClient } from '../../src/infrastructure/http/api-client';
import { fakeFetch, TEST_BASE_URL } from './fake-fetch';

/** Whatever a hostile or broken server answers: any status, any body text or JSON value. */
const hostileAnswer = fc.record({
  status: fc.constantFrom(200, 201, 204, 301, 400, 401, 403, 404, 409, 413, 500, 502, 503),
  body: fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  ),
});

async function outcome(call: Promise<unknown>): Promise<'ok' | string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return isPortFailure(error) ? error.kind : `not a PortFailure: ${String(error)}`;
  }
}

test.prop([hostileAnswer])(
  'every answer either decodes or fails with a typed kind',
  async ({ status, body }) => {
    const server = fakeFetch(() => new Response(status === 204 ? null : body, { status }));
    const client = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });

    const result = await outcome(client.call(Cart.getCart, { params: { clientId: 5 } }));

    if (status >= 400 && status < 500) expect(result).toBe('bad-request');
    else if (status < 200 || status >= 300) expect(result).toBe('bad-response');
    else expect(['ok', 'bad-response']).toContain(result);
  },
);

test.prop([fc.jsonValue({ maxDepth: 3 })])(
  'a success body decodes only when it matches the contract',
  async (value) => {
    const server = fakeFetch(() => new Response(JSON.stringify(value), { status: 200 }));
    const client = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });

    const result = await outcome(client.call(Auth.checkAuth));

    const matches =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      typeof (value as Record<string, unknown>).authenticated === 'boolean' &&
      typeof (value as Record<string, unknown>).tempPasswordActive === 'boolean';
    if (!matches) expect(result).toBe('bad-response');
  },
);
