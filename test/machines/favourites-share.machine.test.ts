import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  favouritesShareMachine,
  favouritesShareMachineFor,
  SHARE_FAILED_MESSAGE,
  sharedListUrl,
} from '../../src/application/machines/favourites-share.machine';
import { PortFailure } from '../../src/application/ports/port-failure';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const ORIGIN = 'https://shop.example';
const HASH = 'AbCdEfGhIjKlMnOpQrStUv';

function start() {
  const createLink = controlledActor<string, { productIds: readonly number[] }>('createLink');
  const copyLink = controlledActor<boolean, { url: string }>('copyLink');
  const actor = createActor(
    favouritesShareMachine.provide({ actors: { createLink: createLink.logic, copyLink: copyLink.logic } }),
  ).start();
  return { actor, createLink, copyLink };
}

type Sut = ReturnType<typeof start>;

function requestShare(sut: Sut, productIds: readonly number[] = [1, 2]) {
  sut.actor.send({ type: 'share.requested', productIds, origin: ORIGIN });
}

describe('favourites share machine', () => {
  it('saves the list, copies its link and says it was copied', async () => {
    const sut = start();
    requestShare(sut);
    expect(sut.actor.getSnapshot().value).toBe('creating');
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sut.createLink.next().input).toEqual({ productIds: [1, 2] });
    sut.createLink.next().resolve(HASH);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('copying');
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sut.copyLink.next().input).toEqual({ url: `${ORIGIN}/favorites/share/${HASH}` });
    sut.copyLink.next().resolve(true);
    await flush();
    expect(sut.actor.getSnapshot().value).toEqual({ ready: 'copied' });
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(sut.actor.getSnapshot().context.url).toBe(`${ORIGIN}/favorites/share/${HASH}`);
  });

  it.each([
    ['refuses', (sut: Sut) => sut.copyLink.next().resolve(false)],
    ['throws', (sut: Sut) => sut.copyLink.next().reject(new Error('denied'))],
  ])('shows the link to copy by hand when the clipboard %s', async (_, settle) => {
    const sut = start();
    requestShare(sut);
    sut.createLink.next().resolve(HASH);
    await flush();
    settle(sut);
    await flush();
    expect(sut.actor.getSnapshot().value).toEqual({ ready: 'shown' });
    expect(sut.actor.getSnapshot().context.url).toBe(`${ORIGIN}/favorites/share/${HASH}`);
  });

  it.each([
    [new PortFailure({ kind: 'bad-response', status: 500, message: 'boom' }), SHARE_FAILED_MESSAGE],
    [
      new PortFailure({ kind: 'network', message: 'offline' }),
      'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.',
    ],
    [
      new PortFailure({ kind: 'bad-request', status: 429, message: 'slow', serverMessage: 'Слишком часто' }),
      'Слишком часто',
    ],
  ])('fails without a link (%s) and shares again on the next press', async (error, message) => {
    const sut = start();
    requestShare(sut);
    sut.createLink.next().reject(error);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context).toMatchObject({ failure: message, url: null });
    requestShare(sut, [3]);
    expect(sut.actor.getSnapshot().value).toBe('creating');
    expect(sut.actor.getSnapshot().context.failure).toBeNull();
    expect(sut.createLink.next().input).toEqual({ productIds: [3] });
  });

  it('shares the list as it is now when pressed again with a link shown', async () => {
    const sut = start();
    requestShare(sut);
    sut.createLink.next().resolve(HASH);
    await flush();
    sut.copyLink.next().resolve(true);
    await flush();
    requestShare(sut, [2]);
    expect(sut.actor.getSnapshot().value).toBe('creating');
    expect(sut.actor.getSnapshot().context.url).toBeNull();
    expect(sut.createLink.next().input).toEqual({ productIds: [2] });
  });

  it('ignores presses while a link is being made', () => {
    const sut = start();
    requestShare(sut);
    requestShare(sut, [9]);
    expect(sut.createLink.calls).toHaveLength(1);
  });

  it('builds the shared page’s address with the hash escaped', () => {
    expect(sharedListUrl(ORIGIN, 'a/b?c')).toBe(`${ORIGIN}/favorites/share/a%2Fb%3Fc`);
  });

  it('binds the favourites port and the copier; without a port sharing fails with the share message', async () => {
    const shared: (readonly number[] | null)[] = [];
    const copied: string[] = [];
    const actor = createActor(
      favouritesShareMachineFor(
        {
          share: async (ids, options) => {
            expect(options?.signal).toBeInstanceOf(AbortSignal);
            shared.push(ids);
            return HASH;
          },
        },
        async (text) => {
          copied.push(text);
          return true;
        },
      ),
    ).start();
    actor.send({ type: 'share.requested', productIds: [1], origin: ORIGIN });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'copied' });
    expect(shared).toEqual([[1]]);
    expect(copied).toEqual([`${ORIGIN}/favorites/share/${HASH}`]);

    const withoutPort = createActor(favouritesShareMachineFor(null, async () => true)).start();
    withoutPort.send({ type: 'share.requested', productIds: [1], origin: ORIGIN });
    await flush();
    expect(withoutPort.getSnapshot().value).toBe('failed');
    expect(withoutPort.getSnapshot().context.failure).toBe(SHARE_FAILED_MESSAGE);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'share.requested', productIds: [1, 2], origin: ORIGIN },
  doneEvent('createLink', HASH),
  errorEvent('createLink', new PortFailure({ kind: 'network', message: 'offline' })),
  doneEvent('copyLink', true),
  doneEvent('copyLink', false),
  errorEvent('copyLink'),
];

describe('favourites share machine graph', () => {
  it('reaches every state', () => {
    expect(unreachableStates(favouritesShareMachine, { events: graphEvents as never[] })).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    const paths = [
      ...getShortestPaths(favouritesShareMachine, { events: graphEvents as never[] }),
      ...getSimplePaths(favouritesShareMachine, {
        events: graphEvents as never[],
        serializeState: (snapshot) => JSON.stringify(snapshot.value),
      }),
    ];
    expect(paths.length).toBeGreaterThan(6);
    for (const path of paths) {
      const sut = start();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
        if (event.type === 'xstate.done.actor.createLink')
          sut.createLink.next().resolve(event.output as string);
        else if (event.type === 'xstate.error.actor.createLink') sut.createLink.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.copyLink')
          sut.copyLink.next().resolve(event.output as boolean);
        else if (event.type === 'xstate.error.actor.copyLink') sut.copyLink.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
