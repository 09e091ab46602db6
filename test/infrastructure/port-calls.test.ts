import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPlainData,
  parseRecordedCalls,
  portCallKey,
  RECORDED_CALLS_LIFETIME_MS,
} from '../../api/recorded-calls';
import { isPortFailure, PortFailure } from '../../src/application/ports/port-failure';
import {
  carriesRenderBase,
  PortCallRecorder,
  PortCallReplay,
  type ReplayClock,
  SERVER_RENDER_API_BASE,
} from '../../src/infrastructure/port-calls';

interface ShelfPort {
  list(category: string, options?: { signal?: AbortSignal }): Promise<unknown>;
  bornAt(): Promise<Date>;
}

/** A port that answers from a function and counts its calls. */
function countingShelf(answer: (category: string) => unknown = (category) => ({ category, items: [1, 2] })) {
  const calls: string[] = [];
  const port: ShelfPort = {
    async list(category) {
      calls.push(category);
      return answer(category);
    },
    async bornAt() {
      calls.push('bornAt');
      return new Date(0);
    },
  };
  return { port, calls };
}

const NOW = 1_800_000_000_000;
const freshClock: ReplayClock = { sincePageStart: () => 1_000, wallClock: () => NOW + 2_000 };

/** What the server writes and the browser reads: the recorder's calls through the document's JSON. */
async function recordedOnServer(make: (shelf: ShelfPort) => Promise<unknown>) {
  const recorder = new PortCallRecorder();
  const { port } = countingShelf();
  await make(recorder.wrap('shelf', port));
  return parseRecordedCalls(JSON.stringify({ servedAt: NOW, calls: recorder.recorded() }));
}

describe('recorded port calls', () => {
  it('records each call with its answer and how often it was made, call options left out', async () => {
    const recorder = new PortCallRecorder();
    const { port } = countingShelf();
    const shelf = recorder.wrap('shelf', port);
    await shelf.list('sofas', { signal: new AbortController().signal });
    await shelf.list('sofas');
    await shelf.list('lamps');

    expect(recorder.recorded()).toEqual([
      { key: 'shelf.list["sofas"]', times: 2, value: { category: 'sofas', items: [1, 2] } },
      { key: 'shelf.list["lamps"]', times: 1, value: { category: 'lamps', items: [1, 2] } },
    ]);
  });

  it("records the server's refusal (a 404) and refuses the same call in the browser, but never a network failure", async () => {
    const recorder = new PortCallRecorder();
    const failing: ShelfPort = {
      async list(category) {
        throw category === 'gone'
          ? new PortFailure({ kind: 'bad-request', status: 404, message: 'no such shelf', code: 'not_found' })
          : new PortFailure({ kind: 'network', message: 'offline' });
      },
      async bornAt() {
        return new Date(0);
      },
    };
    const shelf = recorder.wrap('shelf', failing);
    await expect(shelf.list('gone', {})).rejects.toBeInstanceOf(PortFailure);
    await expect(shelf.list('offline', {})).rejects.toBeInstanceOf(PortFailure);
    const text = JSON.stringify({ servedAt: NOW, calls: recorder.recorded() });
    expect(recorder.recorded()).toEqual([
      {
        key: 'shelf.list["gone"]',
        times: 1,
        refusal: { status: 404, message: 'no such shelf', code: 'not_found' },
      },
    ]);

    const { port, calls } = countingShelf(() => 'from the network');
    const replayed = new PortCallReplay(parseRecordedCalls(text), freshClock).wrap('shelf', port);
    await expect(replayed.list('gone', {})).rejects.toSatisfy(
      (error) =>
        isPortFailure(error) &&
        error.kind === 'bad-request' &&
        error.status === 404 &&
        error.code === 'not_found',
    );
    expect(await replayed.list('offline', {})).toBe('from the network');
    expect(calls).toEqual(['offline']);
  });

  it('never records an answer naming the renderer’s own API base (issue 25 item 11), so the browser asks its adapter', async () => {
    const recorder = new PortCallRecorder();
    const { port, calls } = countingShelf((category) => ({
      category,
      download: `${SERVER_RENDER_API_BASE}api/admin/client-requests/4/attachment`,
    }));
    const shelf = recorder.wrap('shelf', port);
    await shelf.list('requests');
    expect(recorder.recorded()).toEqual([]);
    const replay = new PortCallReplay({ servedAt: NOW, calls: recorder.recorded() }, freshClock);
    await replay.wrap('shelf', port).list('requests');
    expect(calls).toEqual(['requests', 'requests']);
    expect(carriesRenderBase('<a href="http://render.invalid/api/x">')).toBe(true);
    expect(carriesRenderBase({ url: '/api/admin/client-requests/4/attachment' })).toBe(false);
  });

  it('does not record an answer JSON would change (a Date)', async () => {
    const recorder = new PortCallRecorder();
    const shelf = recorder.wrap('shelf', countingShelf().port);
    expect(await shelf.bornAt()).toEqual(new Date(0));
    expect(recorder.recorded()).toEqual([]);
  });

  it('answers a recorded call as many times as the server made it, then asks the port', async () => {
    const record = await recordedOnServer(async (shelf) => {
      await shelf.list('sofas', {});
      await shelf.list('sofas', {});
    });
    const { port, calls } = countingShelf(() => 'from the network');
    const shelf = new PortCallReplay(record, freshClock).wrap('shelf', port);

    const signal = new AbortController().signal;
    expect(await shelf.list('sofas', { signal })).toEqual({ category: 'sofas', items: [1, 2] });
    expect(await shelf.list('sofas', { signal })).toEqual({ category: 'sofas', items: [1, 2] });
    expect(calls).toEqual([]);
    expect(await shelf.list('sofas', { signal })).toBe('from the network');
    expect(await shelf.list('lamps', { signal })).toBe('from the network');
    expect(calls).toEqual(['sofas', 'lamps']);
  });

  it('answers nothing from an old document or long after the page started', async () => {
    const record = await recordedOnServer((shelf) => shelf.list('sofas', {}));
    for (const clock of [
      { sincePageStart: () => 1_000, wallClock: () => NOW + RECORDED_CALLS_LIFETIME_MS + 1 },
      { sincePageStart: () => 1_000, wallClock: () => NOW - RECORDED_CALLS_LIFETIME_MS - 1 },
      { sincePageStart: () => RECORDED_CALLS_LIFETIME_MS + 1, wallClock: () => NOW },
    ]) {
      const { port, calls } = countingShelf(() => 'from the network');
      const shelf = new PortCallReplay(record, clock).wrap('shelf', port);
      expect(await shelf.list('sofas', {})).toBe('from the network');
      expect(calls).toEqual(['sofas']);
    }
  });

  it('rejects a call whose signal is already aborted, as the port would', async () => {
    const record = await recordedOnServer((shelf) => shelf.list('sofas', {}));
    const shelf = new PortCallReplay(record, freshClock).wrap('shelf', countingShelf().port);
    const controller = new AbortController();
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(shelf.list('sofas', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('is not a thenable, on either side', async () => {
    const recorded = new PortCallRecorder().wrap('shelf', countingShelf().port);
    const replayed = new PortCallReplay(null, freshClock).wrap('shelf', countingShelf().port);
    expect(await Promise.resolve(recorded)).toBe(recorded);
    expect(await Promise.resolve(replayed)).toBe(replayed);
  });

  it('gives back any plain answer unchanged after the trip through the document', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.string(), async (answer, category) => {
        const recorder = new PortCallRecorder();
        await recorder.wrap('shelf', countingShelf(() => answer).port).list(category, {});
        const text = JSON.stringify({ servedAt: NOW, calls: recorder.recorded() });
        const { port, calls } = countingShelf(() => 'from the network');
        const shelf = new PortCallReplay(parseRecordedCalls(text), freshClock).wrap('shelf', port);

        // JSON spells -0 as 0; every other plain value comes back as it was.
        expect(await shelf.list(category, {})).toEqual(JSON.parse(JSON.stringify(answer)));
        expect(calls).toEqual([]);
      }),
    );
  });

  it('reads any damaged or hostile record as no record or as its valid calls only, never throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((value) => JSON.stringify({ servedAt: NOW, calls: value })),
        ),
        (text) => {
          const record = parseRecordedCalls(text);
          if (record !== null) {
            for (const call of record.calls) {
              expect(typeof call.key).toBe('string');
              expect(Number.isInteger(call.times) && call.times >= 1).toBe(true);
              if ('value' in call) expect(isPlainData(call.value)).toBe(true);
              else expect(call.refusal.status >= 400 && call.refusal.status < 500).toBe(true);
            }
          }
        },
      ),
    );
    expect(parseRecordedCalls(null)).toBeNull();
    expect(parseRecordedCalls('<script>')).toBeNull();
    expect(parseRecordedCalls('{"servedAt":"soon","calls":[]}')).toBeNull();
  });

  it('keys a call by port, method and arguments, and refuses arguments JSON cannot spell', () => {
    expect(
      portCallKey('catalogue', 'productBySlug', ['divan', { signal: new AbortController().signal }]),
    ).toBe('catalogue.productBySlug["divan"]');
    const loop: { self?: unknown } = {};
    loop.self = loop;
    expect(portCallKey('catalogue', 'listProducts', [loop])).toBeNull();
  });

  it('counts as plain data exactly what JSON gives back the same', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => isPlainData(value)));
    for (const value of [
      new Date(0),
      new Map(),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      () => 1,
      [undefined],
      1n,
    ]) {
      expect(isPlainData(value)).toBe(false);
    }
    expect(isPlainData({ name: 'Диван', absent: undefined })).toBe(true);
  });
});
