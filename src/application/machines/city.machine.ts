/**
 * The visitor's city (spec §4 "City", §2 info bar and city banner, §9 cookies and geo timeout).
 *
 * Top-level states model what the header knows and shows:
 * - `resolving`  — start-up (transient): a city cookie is used as it is, otherwise the geo service asks;
 * - `detecting`  — GET /api/geo in flight, for at most 3 s ('Определяем город...');
 * - `undetected` — geo failed or timed out: the city stays empty (spec §8), no banner;
 * - `banner`     — 'Мы определили ваш город: {city}. Всё верно?' until the visitor answers;
 * - `selector`   — the city selection modal (from Нет or a click on the city in the info bar);
 * - `settled`    — the city is known and confirmed; no banner.
 *
 * Да saves the city and the confirmation for 24 h; Escape or an outside click also marks it confirmed
 * (and saves the city, so the banner does not come back); choosing a city in the selector saves it and
 * reloads the page. The cookies themselves are written by the composition root's actions.
 */
import { assign, fromPromise, setup } from 'xstate';
import { normaliseCityName } from '../../domain/city';

export interface CityInput {
  /** The geoCity cookie, if set. */
  readonly cookieCity: string | null;
  /** Whether the geoConfirmed cookie is set. */
  readonly confirmed: boolean;
}

export interface CityContext {
  /** The normalised city name, or `null` while unknown (and after a failed detection). */
  readonly city: string | null;
  readonly confirmed: boolean;
}

export type CityEvent =
  /** Да on the banner. */
  | { readonly type: 'city.confirmed' }
  /** Нет on the banner. */
  | { readonly type: 'city.rejected' }
  /** Escape or a click outside the banner. */
  | { readonly type: 'city.bannerDismissed' }
  /** A click on the city in the info bar. */
  | { readonly type: 'city.selectorOpened' }
  | { readonly type: 'city.selectorClosed' }
  | { readonly type: 'city.selected'; readonly city: string };

function notProvided(kind: string, name: string): never {
  throw new Error(`city machine: ${kind} ${name} not provided`);
}

function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export const cityMachine = setup({
  types: {
    context: {} as CityContext,
    events: {} as CityEvent,
    input: {} as CityInput,
    tags: {} as 'detecting' | 'bannerVisible' | 'selectorOpen',
  },
  actors: {
    /** GET /api/geo: the raw city name, or `null` when the answer has none. */
    detectCity: fromPromise<string | null, void>(async () => notProvided('actor', 'detectCity')),
  },
  actions: {
    /** Writes the geoCity cookie (max-age 86400). */
    storeCity: (_, _params: { city: string }) => notProvided('action', 'storeCity'),
    /** Writes the geoConfirmed cookie (max-age 86400). */
    storeConfirmation: () => notProvided('action', 'storeConfirmation'),
    reloadPage: () => notProvided('action', 'reloadPage'),
    markConfirmed: assign({ confirmed: true }),
  },
  guards: {
    cityKnown: ({ context }) => context.city !== null,
    isConfirmed: ({ context }) => context.confirmed,
    answerHasCity: (_, params: { city: string | null }) => hasText(params.city),
    choiceHasCity: (_, params: { city: string }) => hasText(params.city),
  },
  delays: {
    geoTimeout: 3000,
  },
}).createMachine({
  id: 'city',
  context: ({ input }) => ({
    city: hasText(input.cookieCity) ? normaliseCityName(input.cookieCity) : null,
    confirmed: input.confirmed,
  }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [
        // Spec §4: the banner shows until the city is confirmed and the city cookie is set.
        { guard: 'cityKnown', target: 'confirming' },
        { target: 'detecting' },
      ],
    },
    confirming: {
      always: [{ guard: 'isConfirmed', target: 'settled' }, { target: 'banner' }],
    },
    detecting: {
      tags: ['detecting'],
      invoke: {
        id: 'detectCity',
        src: 'detectCity',
        onDone: [
          {
            guard: { type: 'answerHasCity', params: ({ event }) => ({ city: event.output }) },
            target: 'banner',
            actions: assign({ city: ({ event }) => normaliseCityName(event.output) }),
          },
          { target: 'undetected' },
        ],
        // Spec §8: a geo failure is only logged and leaves the city empty.
        onError: { target: 'undetected' },
      },
      after: { geoTimeout: 'undetected' },
    },
    undetected: {
      on: { 'city.selectorOpened': 'selector' },
    },
    banner: {
      tags: ['bannerVisible'],
      on: {
        'city.confirmed': {
          target: 'settled',
          actions: [
            {
              type: 'storeCity',
              params: ({ context }) => ({ city: context.city ?? normaliseCityName(null) }),
            },
            'storeConfirmation',
            'markConfirmed',
          ],
        },
        'city.bannerDismissed': {
          target: 'settled',
          actions: [
            {
              type: 'storeCity',
              params: ({ context }) => ({ city: context.city ?? normaliseCityName(null) }),
            },
            'storeConfirmation',
            'markConfirmed',
          ],
        },
        'city.rejected': 'selector',
        'city.selectorOpened': 'selector',
      },
    },
    selector: {
      tags: ['selectorOpen'],
      on: {
        'city.selected': {
          guard: { type: 'choiceHasCity', params: ({ event }) => ({ city: event.city }) },
          target: 'settled',
          actions: [
            assign({ city: ({ event }) => normaliseCityName(event.city) }),
            { type: 'storeCity', params: ({ event }) => ({ city: normaliseCityName(event.city) }) },
            'storeConfirmation',
            'markConfirmed',
            'reloadPage',
          ],
        },
        // Closed without a choice: an unconfirmed city brings the banner back.
        'city.selectorClosed': [
          { guard: 'isConfirmed', target: 'settled' },
          { guard: 'cityKnown', target: 'banner' },
          { target: 'undetected' },
        ],
      },
    },
    settled: {
      on: { 'city.selectorOpened': 'selector' },
    },
  },
});
