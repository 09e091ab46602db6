/**
 * Suggestions under a search field (the header's, the /search page's) while the shopper types (issue 13).
 *
 * - `idle`              — nothing shown: the field is empty, too short, left, or a choice was made;
 * - `active.debouncing` — typing goes on: the request waits for a 250 ms pause;
 * - `active.loading`    — GET /api/search/suggestions in flight; typing again stops the invoked actor,
 *                         which aborts its request through the AbortSignal, and starts a new pause;
 * - `active.showing`    — the list: the corrected query (when the server read a typo or the wrong
 *                         layout), products and categories;
 * - `empty`             — the server suggested nothing;
 * - `failed`            — the request failed; typing on tries again.
 * While `active`, the latest list stays shown (no flicker at every keystroke) and ArrowDown/ArrowUp
 * move the highlight (wrapping, −1 is the field itself), Enter opens the highlighted option, Escape
 * closes the list.
 * Opening an option is the `openSuggestion` action the view provides (navigation).
 */
import { assign, fromPromise, setup } from 'xstate';
import { normaliseSearchQuery } from '../../domain/search-query';
import { CATALOGUE_PORT, type SearchSuggestions } from '../ports/catalogue.port';
import { defineUseCase } from '../use-case';

/** Suggestions are asked for from this many characters (the server reads no shorter word). */
const MIN_SUGGESTION_QUERY_LENGTH = 2;
export const SUGGESTION_DEBOUNCE_MS = 250;

/** One row of the list, in the order shown: the corrected query, products, then categories. */
export type SuggestionOption =
  | { readonly kind: 'query'; readonly query: string }
  | {
      readonly kind: 'product';
      readonly name: string;
      readonly url: string;
      readonly price: number | null;
      readonly thumbUrl: string | null;
    }
  | { readonly kind: 'category'; readonly name: string; readonly url: string };

export function suggestionOptions(suggestions: SearchSuggestions | null): readonly SuggestionOption[] {
  if (!suggestions) return [];
  return [
    ...(suggestions.corrected_query ? [{ kind: 'query' as const, query: suggestions.corrected_query }] : []),
    ...suggestions.products.map((product) => ({
      kind: 'product' as const,
      name: product.name,
      url: product.url,
      price: product.price,
      thumbUrl: product.thumb_url,
    })),
    ...suggestions.categories.map((category) => ({
      kind: 'category' as const,
      name: category.name,
      url: category.url,
    })),
  ];
}

export interface SearchSuggestionsContext {
  /** The query as typed, trimmed and cut to the search limit. */
  readonly query: string;
  readonly suggestions: SearchSuggestions | null;
  /** Index into suggestionOptions(suggestions), or −1 when the field itself is active. */
  readonly highlighted: number;
}

export type SearchSuggestionsEvent =
  | { readonly type: 'suggestions.typed'; readonly text: string }
  | { readonly type: 'suggestions.nextHighlighted' }
  | { readonly type: 'suggestions.previousHighlighted' }
  /** The pointer rests on an option. */
  | { readonly type: 'suggestions.highlighted'; readonly index: number }
  /** Enter: opens the highlighted option; without one the form submits and the list closes. */
  | { readonly type: 'suggestions.enterPressed' }
  /** A click or tap on an option. */
  | { readonly type: 'suggestions.chosen'; readonly index: number }
  /** Escape, focus leaving the search, or the form submitted. */
  | { readonly type: 'suggestions.dismissed' };

function notProvided(kind: string, name: string): never {
  throw new Error(`search suggestions machine: ${kind} ${name} not provided`);
}

const queryOf = (text: string): string => {
  const query = normaliseSearchQuery(text);
  return query.ok ? query.value : '';
};

const optionCount = (context: SearchSuggestionsContext): number =>
  suggestionOptions(context.suggestions).length;

export const searchSuggestionsMachine = setup({
  types: {
    context: {} as SearchSuggestionsContext,
    events: {} as SearchSuggestionsEvent,
  },
  actors: {
    fetchSuggestions: fromPromise<SearchSuggestions, { query: string }>(async () =>
      notProvided('actor', 'fetchSuggestions'),
    ),
  },
  actions: {
    openSuggestion: (_, _option: SuggestionOption) => notProvided('action', 'openSuggestion'),
  },
  guards: {
    longEnough: (_, params: { text: string }) =>
      [...queryOf(params.text)].length >= MIN_SUGGESTION_QUERY_LENGTH,
    hasOptions: (_, params: { suggestions: SearchSuggestions }) =>
      suggestionOptions(params.suggestions).length > 0,
    hasHighlight: ({ context }) => context.highlighted >= 0 && context.highlighted < optionCount(context),
    hasListed: ({ context }) => optionCount(context) > 0,
    isOption: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < optionCount(context),
  },
  delays: {
    debounce: SUGGESTION_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'searchSuggestions',
  context: { query: '', suggestions: null, highlighted: -1 },
  initial: 'idle',
  on: {
    'suggestions.typed': [
      {
        guard: { type: 'longEnough', params: ({ event }) => ({ text: event.text }) },
        target: '.active',
        reenter: true,
        actions: assign({ query: ({ event }) => queryOf(event.text), highlighted: -1 }),
      },
      {
        target: '.idle',
        actions: assign({ query: ({ event }) => queryOf(event.text), suggestions: null, highlighted: -1 }),
      },
    ],
    'suggestions.dismissed': { target: '.idle', actions: assign({ highlighted: -1, suggestions: null }) },
  },
  states: {
    idle: {},
    /**
     * Typing, asking or showing: the latest suggestions stay listed (and can be walked and chosen)
     * while the next ones are awaited, so the list does not flicker at every keystroke.
     */
    active: {
      initial: 'debouncing',
      on: {
        'suggestions.nextHighlighted': {
          guard: 'hasListed',
          actions: assign({
            highlighted: ({ context }) => {
              const count = optionCount(context);
              return context.highlighted + 1 >= count ? -1 : context.highlighted + 1;
            },
          }),
        },
        'suggestions.previousHighlighted': {
          guard: 'hasListed',
          actions: assign({
            highlighted: ({ context }) =>
              context.highlighted < 0 ? optionCount(context) - 1 : context.highlighted - 1,
          }),
        },
        'suggestions.highlighted': {
          guard: { type: 'isOption', params: ({ event }) => ({ index: event.index }) },
          actions: assign({ highlighted: ({ event }) => event.index }),
        },
        'suggestions.enterPressed': [
          {
            guard: 'hasHighlight',
            target: '#searchSuggestions.idle',
            actions: [
              {
                type: 'openSuggestion',
                params: ({ context }) =>
                  suggestionOptions(context.suggestions)[context.highlighted] as SuggestionOption,
              },
              assign({ highlighted: -1, suggestions: null }),
            ],
          },
          { target: '#searchSuggestions.idle', actions: assign({ highlighted: -1, suggestions: null }) },
        ],
        'suggestions.chosen': {
          guard: { type: 'isOption', params: ({ event }) => ({ index: event.index }) },
          target: '#searchSuggestions.idle',
          actions: [
            {
              type: 'openSuggestion',
              params: ({ context, event }) =>
                suggestionOptions(context.suggestions)[event.index] as SuggestionOption,
            },
            assign({ highlighted: -1, suggestions: null }),
          ],
        },
      },
      states: {
        debouncing: {
          after: { debounce: 'loading' },
        },
        loading: {
          invoke: {
            id: 'fetchSuggestions',
            src: 'fetchSuggestions',
            input: ({ context }) => ({ query: context.query }),
            onDone: [
              {
                guard: { type: 'hasOptions', params: ({ event }) => ({ suggestions: event.output }) },
                target: 'showing',
                actions: assign({ suggestions: ({ event }) => event.output, highlighted: -1 }),
              },
              {
                target: '#searchSuggestions.empty',
                actions: assign({ suggestions: ({ event }) => event.output, highlighted: -1 }),
              },
            ],
            onError: {
              target: '#searchSuggestions.failed',
              actions: assign({ suggestions: null, highlighted: -1 }),
            },
          },
        },
        showing: {},
      },
    },
    empty: {},
    failed: {},
  },
});

/**
 * The suggestions machine asking this page's catalogue (GET /api/search/suggestions); opening an option
 * (`openSuggestion`, navigation) is still the view's to provide.
 */
export const searchSuggestions = defineUseCase(
  'search.suggestionsMachine',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    searchSuggestionsMachine.provide({
      actors: {
        fetchSuggestions: fromPromise<SearchSuggestions, { query: string }>(({ input, signal }) =>
          catalogue.suggestSearch(input.query, { signal }),
        ),
      },
    }),
);
