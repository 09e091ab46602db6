import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { isDatabaseOutage, LISTENER_BACKOFF, reconnectDelayMs } from '../../../server/domain/database-outage';

/** Errors as node-postgres, Node's sockets and PGlite produce them when the database cannot serve. */
const OUTAGES: readonly { readonly code?: string; readonly message: string }[] = [
  { code: '57P01', message: 'terminating connection due to administrator command' },
  { code: '57P03', message: 'the database system is starting up' },
  { code: '53300', message: 'sorry, too many clients already' },
  { code: '08006', message: 'connection failure' },
  { code: '57014', message: 'canceling statement due to statement timeout' },
  { code: '55P03', message: 'canceling statement due to lock timeout' },
  { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
  { code: 'ECONNRESET', message: 'read ECONNRESET' },
  { message: 'Connection terminated unexpectedly' },
  { message: 'Connection terminated due to connection timeout' },
  { message: 'timeout exceeded when trying to connect' },
  { message: 'Query read timeout' },
  { message: 'Client has encountered a connection error and is not queryable' },
  { message: 'PGlite is closed' },
];

/** Errors that are the request's or the code's fault: they keep their 4xx / 500. */
const NOT_OUTAGES: readonly { readonly code?: string; readonly message: string }[] = [
  { code: '23505', message: 'duplicate key value violates unique constraint' },
  { code: '22P02', message: 'invalid input syntax for type integer' },
  { code: '42P01', message: 'relation "nope" does not exist' },
  { code: '40001', message: 'could not serialize access' },
  { message: 'Cannot read properties of undefined' },
];

const asError = (shape: { readonly code?: string; readonly message: string }): Error =>
  Object.assign(new Error(shape.message), shape.code === undefined ? {} : { code: shape.code });

/** Drizzle's DrizzleQueryError: its own message is the failed SQL, the driver's error is its cause. */
const wrapped = (cause: unknown, depth: number): unknown => {
  let error: unknown = cause;
  for (let level = 0; level < depth; level += 1) {
    error = new Error(`Failed query: select ${level}`, { cause: error });
  }
  return error;
};

describe('isDatabaseOutage', () => {
  it('recognises every outage the driver reports, bare and wrapped by drizzle', () => {
    for (const shape of OUTAGES) {
      expect(isDatabaseOutage(asError(shape)), shape.message).toBe(true);
      expect(isDatabaseOutage(wrapped(asError(shape), 1)), shape.message).toBe(true);
    }
    expect(isDatabaseOutage(new AggregateError([asError(OUTAGES[6] ?? { message: '' })]))).toBe(true);
  });

  it('leaves request mistakes and programming errors alone', () => {
    for (const shape of NOT_OUTAGES) {
      expect(isDatabaseOutage(asError(shape)), shape.message).toBe(false);
      expect(isDatabaseOutage(wrapped(asError(shape), 2)), shape.message).toBe(false);
    }
  });

  test.prop([fc.constantFrom(...OUTAGES), fc.integer({ min: 0, max: 4 })])(
    'an outage wrapped up to four times is still an outage',
    (shape, depth) => {
      expect(isDatabaseOutage(wrapped(asError(shape), depth))).toBe(true);
    },
  );

  test.prop([fc.anything()])('is total: any value gives a boolean, never a throw', (value) => {
    expect(typeof isDatabaseOutage(value)).toBe('boolean');
  });

  it('ends on a cycle of causes', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.assign(first, { cause: second });
    expect(isDatabaseOutage(first)).toBe(false);
  });
});

describe('reconnectDelayMs', () => {
  const attempts = fc.integer({ min: 0, max: 1000 });
  const randoms = fc.double({ min: 0, max: 1, noNaN: true });

  test.prop([attempts, randoms])(
    'stays between half the capped exponential and the cap',
    (attempt, random) => {
      const delay = reconnectDelayMs(LISTENER_BACKOFF, attempt, random);
      const ceiling = Math.min(LISTENER_BACKOFF.capMs, LISTENER_BACKOFF.baseMs * 2 ** Math.min(attempt, 30));
      expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
      expect(delay).toBeLessThanOrEqual(LISTENER_BACKOFF.capMs);
    },
  );

  test.prop([attempts, randoms])(
    'never shrinks from one attempt to the next at the same draw',
    (attempt, random) => {
      expect(reconnectDelayMs(LISTENER_BACKOFF, attempt + 1, random)).toBeGreaterThanOrEqual(
        reconnectDelayMs(LISTENER_BACKOFF, attempt, random),
      );
    },
  );

  test.prop([fc.double(), fc.double()])(
    'is total: a finite delay within the cap for any input',
    (attempt, random) => {
      const delay = reconnectDelayMs(LISTENER_BACKOFF, attempt, random);
      expect(Number.isFinite(delay)).toBe(true);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(LISTENER_BACKOFF.capMs);
    },
  );
});
