/**
 * The cookie notice (issue 26, items 3–4; docs/privacy.md «Cookie notice»): a bar at the bottom that
 * never blocks the page. It asks only when there is something optional to allow — a Metrica counter is
 * configured — and the visitor has not answered yet.
 *
 * - `checking` — asks the analytics port, after the page has settled (the bar is not part of the first
 *                paint, so it cannot move the page's largest element);
 * - `asking`   — the bar: «Принять» allows analytics, «Только необходимые» keeps the shop's own cookies;
 * - `done`     — answered now or before, or nothing to ask: no bar.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CookieChoice } from '../../domain/analytics';
import { ANALYTICS_PORT } from '../ports/analytics.port';
import { defineUseCase } from '../use-case';

const cookieNoticeMachine = setup({
  types: {
    context: {} as { readonly choice: CookieChoice | null },
    events: {} as { readonly type: 'cookies.chosen'; readonly choice: CookieChoice },
  },
  actors: {
    needsChoice: fromPromise<boolean, void>(async () => false),
  },
  actions: {
    storeChoice: (_, _params: { choice: CookieChoice }) => {},
  },
}).createMachine({
  id: 'cookieNotice',
  context: { choice: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'needsChoice',
        src: 'needsChoice',
        onDone: [{ guard: ({ event }) => event.output, target: 'asking' }, { target: 'done' }],
        // No settings (offline): nothing is loaded, so nothing needs asking now.
        onError: { target: 'done' },
      },
    },
    asking: {
      on: {
        'cookies.chosen': {
          target: 'done',
          actions: [
            assign({ choice: ({ event }) => event.choice }),
            { type: 'storeChoice', params: ({ event }) => ({ choice: event.choice }) },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
});

/** The notice's machine bound to the page's analytics port. */
export const cookieNotice = defineUseCase(
  'analytics.cookieNotice',
  { analytics: ANALYTICS_PORT },
  ({ analytics }) =>
    cookieNoticeMachine.provide({
      actors: { needsChoice: fromPromise<boolean, void>(({ signal }) => analytics.needsChoice({ signal })) },
      actions: { storeChoice: (_, { choice }) => analytics.choose(choice) },
    }),
);
