import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  SUGGESTION_DEBOUNCE_MS,
  type SuggestionOption,
  searchSuggestionsMachine,
  suggestionOptions,
} from '../../src/application/machines/search-suggestions.machine';
import type { SearchSuggestions } from '../../src/application/ports/catalogue.port';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const SOFAS: SearchSuggestions = {
  query: 'дива',
  corrected_query: null,
  products: [
    {
      id: 1,
      slug: 'divan-osaka',
      name: 'Диван Осака',
      url: '/product/divan-osaka',
      price: 54_990,
      price_old: null,
      thumb_url: '/media/product/sofa-01-320.webp',
    },
    {
      id: 2,
      slug: 'divan-riga',
      name: 'Диван Рига',
      url: '/product/divan-riga',
      price: 41_990,
      price_old: 45_000,
      thumb_url: null,
    },
  ],
  categories: [{ id: 7, slug: 'divany', name: 'Диваны', url: '/category/mebel/divany' }],
};
const CORRECTED: SearchSuggestions = { ...SOFAS, query: 'lbdf', corrected_query: 'диваны' };
const NOTHING: SearchSuggestions = { query: 'zzz', corrected_query: null, products: [], categories: [] };

function startSuggestions() {
  const fetch = controlledActor<SearchSuggestions, { query: string }>('fetchSuggestions');
  const opened: SuggestionOption[] = [];
  const actor = createActor(
    searchSuggestionsMachine.provide({
      actors: { fetchSuggestions: fetch.logic },
      actions: { openSuggestion: (_, option) => opened.push(option) },
    }),
  ).start();
  return { actor, fetch, opened };
}

/** Types, waits out the pause and answers the request. */
async function showFor(answer: SearchSuggestions, text = 'дива') {
  const sut = startSuggestions();
  sut.actor.send({ type: 'suggestions.typed', text });
  await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
  sut.fetch.next().resolve(answer);
  await flush();
  return sut;
}

describe('search suggestions machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the corrected query, then products, then categories', () => {
    expect(suggestionOptions(CORRECTED).map((option) => option.kind)).toEqual([
      'query',
      'product',
      'product',
      'category',
    ]);
    expect(suggestionOptions(null)).toEqual([]);
  });

  it('asks only after a 250 ms pause in typing, once, for the last text', async () => {
    const { actor, fetch } = startSuggestions();
    actor.send({ type: 'suggestions.typed', text: 'ди' });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 1);
    actor.send({ type: 'suggestions.typed', text: 'див' });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 1);
    actor.send({ type: 'suggestions.typed', text: '  дива ' });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ active: 'debouncing' });
    expect(fetch.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toEqual({ active: 'loading' });
    expect(fetch.calls.map((call) => call.input)).toEqual([{ query: 'дива' }]);
  });

  it('cancels the request in flight when typing goes on, and shows only the newer answer', async () => {
    const { actor, fetch } = startSuggestions();
    actor.send({ type: 'suggestions.typed', text: 'див' });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    const first = fetch.next();
    actor.send({ type: 'suggestions.typed', text: 'дива' });
    expect(first.aborted()).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ active: 'debouncing' });
    // A late answer of the aborted request changes nothing.
    first.resolve({ ...NOTHING, query: 'див' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ active: 'debouncing' });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    fetch.next().resolve(SOFAS);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ active: 'showing' });
    expect(actor.getSnapshot().context.suggestions).toEqual(SOFAS);
  });

  it('does not ask for one character or a blank field, and closes the list', async () => {
    const { actor, fetch } = await showFor(SOFAS);
    for (const text of ['д', ' ', '']) {
      actor.send({ type: 'suggestions.typed', text });
      await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS * 2);
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.suggestions).toBeNull();
    }
    expect(fetch.calls).toHaveLength(1);
  });

  it('moves the highlight with ArrowDown and ArrowUp, wrapping through the field', async () => {
    const { actor } = await showFor(SOFAS);
    const highlighted = () => actor.getSnapshot().context.highlighted;
    expect(highlighted()).toBe(-1);
    actor.send({ type: 'suggestions.nextHighlighted' });
    expect(highlighted()).toBe(0);
    actor.send({ type: 'suggestions.nextHighlighted' });
    actor.send({ type: 'suggestions.nextHighlighted' });
    expect(highlighted()).toBe(2);
    actor.send({ type: 'suggestions.nextHighlighted' });
    expect(highlighted()).toBe(-1);
    actor.send({ type: 'suggestions.previousHighlighted' });
    expect(highlighted()).toBe(2);
    actor.send({ type: 'suggestions.previousHighlighted' });
    actor.send({ type: 'suggestions.previousHighlighted' });
    actor.send({ type: 'suggestions.previousHighlighted' });
    expect(highlighted()).toBe(-1);
    actor.send({ type: 'suggestions.highlighted', index: 1 });
    expect(highlighted()).toBe(1);
    actor.send({ type: 'suggestions.highlighted', index: 3 });
    actor.send({ type: 'suggestions.highlighted', index: -1 });
    expect(highlighted()).toBe(1);
  });

  it('opens the highlighted product on Enter and closes the list', async () => {
    const { actor, opened } = await showFor(SOFAS);
    actor.send({ type: 'suggestions.nextHighlighted' });
    actor.send({ type: 'suggestions.enterPressed' });
    expect(opened).toEqual([
      {
        kind: 'product',
        name: 'Диван Осака',
        url: '/product/divan-osaka',
        price: 54_990,
        thumbUrl: '/media/product/sofa-01-320.webp',
      },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('opens a category or the corrected query that was clicked', async () => {
    const { actor, opened } = await showFor(CORRECTED, 'lbdf');
    actor.send({ type: 'suggestions.chosen', index: 3 });
    expect(opened).toEqual([{ kind: 'category', name: 'Диваны', url: '/category/mebel/divany' }]);
    const second = await showFor(CORRECTED, 'lbdf');
    second.actor.send({ type: 'suggestions.chosen', index: 0 });
    expect(second.opened).toEqual([{ kind: 'query', query: 'диваны' }]);
    second.actor.send({ type: 'suggestions.chosen', index: 9 });
    expect(second.opened).toHaveLength(1);
  });

  it('Enter without a highlight only closes the list (the form submits the search)', async () => {
    const { actor, opened } = await showFor(SOFAS);
    actor.send({ type: 'suggestions.enterPressed' });
    expect(opened).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.query).toBe('дива');
  });

  it('Escape or leaving the field closes the list and keeps the text', async () => {
    const { actor } = await showFor(SOFAS);
    actor.send({ type: 'suggestions.nextHighlighted' });
    actor.send({ type: 'suggestions.dismissed' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ query: 'дива', suggestions: null, highlighted: -1 });
  });

  it('keeps the latest list while the next one is awaited: it can be walked and chosen meanwhile', async () => {
    const { actor, fetch, opened } = await showFor(SOFAS);
    actor.send({ type: 'suggestions.nextHighlighted' });
    actor.send({ type: 'suggestions.typed', text: 'диван' });
    expect(actor.getSnapshot().value).toEqual({ active: 'debouncing' });
    expect(actor.getSnapshot().context).toMatchObject({ suggestions: SOFAS, highlighted: -1 });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toEqual({ active: 'loading' });
    actor.send({ type: 'suggestions.previousHighlighted' });
    expect(actor.getSnapshot().context.highlighted).toBe(2);
    actor.send({ type: 'suggestions.enterPressed' });
    expect(opened).toEqual([{ kind: 'category', name: 'Диваны', url: '/category/mebel/divany' }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fetch.next).toThrow();
  });

  it('walks nothing while no list was answered yet', async () => {
    const { actor } = startSuggestions();
    actor.send({ type: 'suggestions.typed', text: 'дива' });
    actor.send({ type: 'suggestions.nextHighlighted' });
    actor.send({ type: 'suggestions.enterPressed' });
    expect(actor.getSnapshot().context.highlighted).toBe(-1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('shows empty when nothing is suggested, and failed when the request fails', async () => {
    expect((await showFor(NOTHING, 'zzz')).actor.getSnapshot().value).toBe('empty');
    const { actor, fetch } = startSuggestions();
    actor.send({ type: 'suggestions.typed', text: 'дива' });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    fetch.next().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'suggestions.typed', text: 'диван' });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    fetch.next().resolve(SOFAS);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ active: 'showing' });
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'suggestions.typed', text: 'дива' },
  { type: 'suggestions.typed', text: 'д' },
  { type: 'suggestions.nextHighlighted' },
  { type: 'suggestions.previousHighlighted' },
  { type: 'suggestions.highlighted', index: 0 },
  { type: 'suggestions.enterPressed' },
  { type: 'suggestions.chosen', index: 1 },
  { type: 'suggestions.dismissed' },
  afterEvent('debounce', 'searchSuggestions.active.debouncing'),
  doneEvent('fetchSuggestions', SOFAS),
  doneEvent('fetchSuggestions', NOTHING),
  errorEvent('fetchSuggestions'),
];

describe('search suggestions machine graph', () => {
  it('reaches every state', () => {
    expect(unreachableStates(searchSuggestionsMachine, { events: graphEvents as never[] })).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    vi.useFakeTimers();
    const paths = [
      ...getShortestPaths(searchSuggestionsMachine, { events: graphEvents as never[] }),
      ...getSimplePaths(searchSuggestionsMachine, {
        events: graphEvents as never[],
        serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.highlighted]),
      }),
    ];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const sut = startSuggestions();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: SearchSuggestions; error?: unknown };
        if (event.type === 'xstate.done.actor.fetchSuggestions')
          sut.fetch.next().resolve(event.output as SearchSuggestions);
        else if (event.type === 'xstate.error.actor.fetchSuggestions') sut.fetch.next().reject(event.error);
        else if (event.type.startsWith('xstate.after.debounce'))
          await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
        expect(sut.actor.getSnapshot().context.highlighted).toBe(
          (step.state.context as { highlighted: number }).highlighted,
        );
      }
      sut.actor.stop();
    }
    vi.useRealTimers();
  });
});
