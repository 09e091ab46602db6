import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { type CityInput, cityMachine } from '../../src/application/machines/city.machine';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

function startCity(input: CityInput) {
  const detectCity = controlledActor<string | null>('detectCity');
  const log: string[] = [];
  const actor = createActor(
    cityMachine.provide({
      actors: { detectCity: detectCity.logic },
      actions: {
        storeCity: (_, { city }) => log.push(`city:${city}`),
        storeConfirmation: () => log.push('confirmed'),
        reloadPage: () => log.push('reload'),
      },
    }),
    { input },
  ).start();
  return { actor, detectCity, log };
}

describe('city machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses a confirmed cookie city, normalised, without asking the geo service or showing the banner', () => {
    const { actor, detectCity } = startCity({ cookieCity: 'ростов-НА-дону', confirmed: true });
    expect(actor.getSnapshot().value).toBe('settled');
    expect(actor.getSnapshot().context.city).toBe('Ростов-на-Дону');
    expect(actor.getSnapshot().hasTag('bannerVisible')).toBe(false);
    expect(detectCity.calls).toHaveLength(0);
  });

  it('shows the banner for an unconfirmed cookie city', () => {
    const { actor } = startCity({ cookieCity: 'Москва', confirmed: false });
    expect(actor.getSnapshot().hasTag('bannerVisible')).toBe(true);
  });

  it('asks the geo service without a cookie and shows the banner with the normalised answer', async () => {
    const { actor, detectCity } = startCity({ cookieCity: '  ', confirmed: false });
    expect(actor.getSnapshot().hasTag('detecting')).toBe(true);
    detectCity.next().resolve('санкт-петербург');
    await flush();
    expect(actor.getSnapshot().value).toBe('banner');
    expect(actor.getSnapshot().context.city).toBe('Санкт-Петербург');
  });

  it.each([
    ['fails', (call: { reject: (e: unknown) => void }) => call.reject(new Error('geo down'))],
    ['answers without a city', (call: { resolve: (v: string | null) => void }) => call.resolve(null)],
  ])('leaves the city empty when geo %s', async (_, settle) => {
    const { actor, detectCity } = startCity({ cookieCity: null, confirmed: false });
    settle(detectCity.next() as never);
    await flush();
    expect(actor.getSnapshot().value).toBe('undetected');
    expect(actor.getSnapshot().context.city).toBeNull();
  });

  it('gives up on geo after 3 s', async () => {
    const { actor, detectCity } = startCity({ cookieCity: null, confirmed: false });
    await vi.advanceTimersByTimeAsync(2999);
    expect(actor.getSnapshot().value).toBe('detecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('undetected');
    expect(detectCity.calls[0]?.aborted()).toBe(true);
  });

  it('Да saves the city and the confirmation', () => {
    const { actor, log } = startCity({ cookieCity: 'казань', confirmed: false });
    actor.send({ type: 'city.confirmed' });
    expect(actor.getSnapshot().value).toBe('settled');
    expect(log).toEqual(['city:Казань', 'confirmed']);
  });

  it('Escape or an outside click marks the city confirmed and closes the banner', () => {
    const { actor, log } = startCity({ cookieCity: 'Казань', confirmed: false });
    actor.send({ type: 'city.bannerDismissed' });
    expect(actor.getSnapshot().hasTag('bannerVisible')).toBe(false);
    expect(actor.getSnapshot().context.confirmed).toBe(true);
    expect(log).toEqual(['city:Казань', 'confirmed']);
  });

  it('Нет opens the selector, whose choice is saved and reloads the page', () => {
    const { actor, log } = startCity({ cookieCity: 'Казань', confirmed: false });
    actor.send({ type: 'city.rejected' });
    expect(actor.getSnapshot().hasTag('selectorOpen')).toBe(true);
    actor.send({ type: 'city.selected', city: '   ' });
    expect(actor.getSnapshot().value).toBe('selector');
    actor.send({ type: 'city.selected', city: 'нижний  новгород' });
    expect(actor.getSnapshot().context.city).toBe('Нижний Новгород');
    expect(log).toEqual(['city:Нижний Новгород', 'confirmed', 'reload']);
  });

  it('closing the selector without a choice brings an unconfirmed banner back', () => {
    const { actor } = startCity({ cookieCity: 'Казань', confirmed: false });
    actor.send({ type: 'city.rejected' });
    actor.send({ type: 'city.selectorClosed' });
    expect(actor.getSnapshot().value).toBe('banner');
  });

  it('the info-bar city opens the selector when settled or undetected', async () => {
    const settled = startCity({ cookieCity: 'Казань', confirmed: true });
    settled.actor.send({ type: 'city.selectorOpened' });
    expect(settled.actor.getSnapshot().value).toBe('selector');
    settled.actor.send({ type: 'city.selectorClosed' });
    expect(settled.actor.getSnapshot().value).toBe('settled');

    const undetected = startCity({ cookieCity: null, confirmed: false });
    undetected.detectCity.next().reject(new Error('down'));
    await flush();
    undetected.actor.send({ type: 'city.selectorOpened' });
    undetected.actor.send({ type: 'city.selectorClosed' });
    expect(undetected.actor.getSnapshot().value).toBe('undetected');
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'city.confirmed' },
  { type: 'city.rejected' },
  { type: 'city.bannerDismissed' },
  { type: 'city.selectorOpened' },
  { type: 'city.selectorClosed' },
  { type: 'city.selected', city: 'Тверь' },
  doneEvent('detectCity', 'москва'),
  doneEvent('detectCity', null),
  errorEvent('detectCity'),
  afterEvent('geoTimeout', 'city.detecting'),
];

describe('city machine graph', () => {
  const inputs: CityInput[] = [
    { cookieCity: null, confirmed: false },
    { cookieCity: 'Казань', confirmed: false },
    { cookieCity: 'Казань', confirmed: true },
  ];

  it('reaches every state from the three start-ups', () => {
    const unreached = inputs.map(
      (input) => new Set(unreachableStates(cityMachine, { events: graphEvents as never[], input })),
    );
    const everywhere = [...(unreached[0] ?? [])].filter((id) => unreached.every((set) => set.has(id)));
    expect(everywhere).toEqual([]);
  });

  it('the banner flow behaves like the model along generated paths', async () => {
    vi.useFakeTimers();
    for (const input of inputs) {
      const paths = [
        ...getShortestPaths(cityMachine, { events: graphEvents as never[], input }),
        ...getSimplePaths(cityMachine, { events: graphEvents as never[], input }),
      ];
      expect(paths.length).toBeGreaterThan(3);
      for (const path of paths) {
        const sut = startCity(input);
        for (const step of path.steps) {
          const event = step.event as AnyEventObject & { output?: string | null; error?: unknown };
          if (event.type === 'xstate.done.actor.detectCity')
            sut.detectCity.next().resolve(event.output ?? null);
          else if (event.type === 'xstate.error.actor.detectCity') sut.detectCity.next().reject(event.error);
          else if (event.type.startsWith('xstate.after.geoTimeout')) await vi.advanceTimersByTimeAsync(3000);
          else if (event.type !== 'xstate.init') sut.actor.send(event as never);
          await flush();
          expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
          expect(sut.actor.getSnapshot().context).toEqual(step.state.context);
        }
        sut.actor.stop();
      }
    }
    vi.useRealTimers();
  });
});
