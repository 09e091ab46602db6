import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { recentlyViewedMachine } from '../../src/application/machines/recently-viewed.machine';
import type { RecentlyViewed } from '../../src/domain/recently-viewed';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const client = { type: 'auth.changed', isAuthenticated: true, clientId: 3 } as const;
const guest = { type: 'auth.changed', isAuthenticated: false, clientId: null } as const;

function startViewed(localViewed: RecentlyViewed = []) {
  const sendViewed = controlledActor<void, { productId: number }>('sendViewed');
  const clearServerViewed = controlledActor<void>('clearServerViewed');
  const loadServerViewed = controlledActor<RecentlyViewed>('loadServerViewed');
  const log: string[] = [];
  const actor = createActor(
    recentlyViewedMachine.provide({
      actors: {
        sendViewed: sendViewed.logic,
        clearServerViewed: clearServerViewed.logic,
        loadServerViewed: loadServerViewed.logic,
      },
      actions: {
        saveLocalViewed: (_, { viewed }) => log.push(`save:${viewed.join(',')}`),
        removeLocalViewed: () => log.push('remove'),
      },
    }),
    { input: { localViewed } },
  ).start();
  return {
    actor,
    sendViewed,
    clearServerViewed,
    loadServerViewed,
    log,
    viewed: () => actor.getSnapshot().context.viewed,
  };
}

describe('recently viewed machine', () => {
  it('keeps a guest list locally: newest first, no repeats, at most 50; no server call', () => {
    const { actor, log, viewed, sendViewed } = startViewed();
    actor.send(guest);
    for (let id = 1; id <= 52; id += 1) actor.send({ type: 'viewed.added', productId: id });
    actor.send({ type: 'viewed.added', productId: 10 });
    expect(viewed()).toHaveLength(50);
    expect(viewed().slice(0, 3)).toEqual([10, 52, 51]);
    expect(log.at(-1)).toBe(`save:${viewed().join(',')}`);
    expect(sendViewed.calls).toHaveLength(0);
  });

  it('on sign-in pushes the guest list one by one, oldest first, removes the local copy, then caches the server list', async () => {
    const { actor, sendViewed, loadServerViewed, log, viewed } = startViewed([3, 2, 1]);
    actor.send(guest);
    actor.send(client);
    const pushed: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const call = sendViewed.next();
      pushed.push(call.input.productId);
      expect(sendViewed.pendingCount()).toBe(1);
      if (index === 1) call.reject(new Error('500'));
      else call.resolve();
      await flush();
    }
    expect(pushed).toEqual([1, 2, 3]);
    expect(log).toEqual(['remove']);
    loadServerViewed.next().resolve([3, 2, 1, 9]);
    await flush();
    expect(viewed()).toEqual([3, 2, 1, 9]);
    expect(log.at(-1)).toBe('save:3,2,1,9');
    expect(actor.getSnapshot().value).toEqual({ client: 'idle' });
  });

  it('a visit while signed in is saved locally and sent to the server; clearing empties both', async () => {
    const { actor, sendViewed, clearServerViewed, loadServerViewed, viewed } = startViewed();
    actor.send(client);
    loadServerViewed.next().resolve([]);
    await flush();
    actor.send({ type: 'viewed.added', productId: 7 });
    actor.send({ type: 'viewed.cleared' });
    expect(viewed()).toEqual([]);
    expect(sendViewed.next().input).toEqual({ productId: 7 });
    sendViewed.next().resolve();
    await flush();
    clearServerViewed.next().reject(new Error('silent'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ client: 'idle' });
  });

  it('a visit made while the server list loads is kept and still sent', async () => {
    const { actor, sendViewed, loadServerViewed, viewed } = startViewed();
    actor.send(client);
    actor.send({ type: 'viewed.added', productId: 5 });
    loadServerViewed.next().resolve([8]);
    await flush();
    expect(viewed()).toEqual([5, 8]);
    expect(sendViewed.next().input).toEqual({ productId: 5 });
  });

  it('an invalid id changes nothing and is not sent', async () => {
    const { actor, sendViewed, loadServerViewed, viewed } = startViewed([4]);
    actor.send(guest);
    actor.send({ type: 'viewed.added', productId: -1 });
    actor.send({ type: 'viewed.added', productId: 1.5 });
    expect(viewed()).toEqual([4]);
    actor.send(client);
    sendViewed.next().resolve();
    await flush();
    loadServerViewed.next().resolve([4]);
    await flush();
    actor.send({ type: 'viewed.added', productId: Number.NaN });
    expect(sendViewed.pendingCount()).toBe(0);
  });

  it('a failed load keeps the local list silently', async () => {
    const { actor, loadServerViewed, viewed } = startViewed();
    actor.send(client);
    actor.send({ type: 'viewed.added', productId: 2 });
    loadServerViewed.next().reject(new Error('500'));
    await flush();
    expect(viewed()).toEqual([2]);
  });

  it('logout stops server calls', async () => {
    const { actor, sendViewed, loadServerViewed } = startViewed();
    actor.send(client);
    loadServerViewed.next().resolve([]);
    await flush();
    actor.send(guest);
    actor.send({ type: 'viewed.added', productId: 2 });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(sendViewed.calls).toHaveLength(0);
  });
});

describe('recently viewed machine graph', () => {
  it('reaches every state', () => {
    const events = [
      client,
      guest,
      { type: 'viewed.added', productId: 1 },
      { type: 'viewed.cleared' },
      doneEvent('sendViewedUpload', undefined),
      errorEvent('sendViewedUpload'),
      doneEvent('loadServerViewed', [2]),
      errorEvent('loadServerViewed'),
      doneEvent('sendViewed', undefined),
      errorEvent('sendViewed'),
      doneEvent('clearServerViewed', undefined),
      errorEvent('clearServerViewed'),
    ] as never[];
    expect(
      unreachableStates(recentlyViewedMachine, {
        events,
        input: { localViewed: [] },
        // The queue grows with every visit: its length is capped so the state space stays finite.
        serializeState: (snapshot) =>
          JSON.stringify([
            snapshot.value,
            snapshot.context.viewed,
            snapshot.context.upload,
            snapshot.context.queue.slice(0, 2),
          ]),
      }),
    ).toEqual([]);
  });
});
