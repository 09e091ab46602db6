/**
 * The 'В корзине' feedback on a product card (spec §4 "Favourites card add-to-cart shows 'В корзине'
 * feedback for 1 s"). One state, `showing`: the ids whose feedback is on; each expires 1 s after
 * its last add. A view-only timer, so it lives beside the views rather than in the application.
 */
import { assign, enqueueActions, setup } from 'xstate';

const IN_CART_FEEDBACK_MS = 1000;

export type InCartFeedbackEvent =
  | { readonly type: 'feedback.shown'; readonly id: number }
  | { readonly type: 'feedback.expired'; readonly id: number; readonly stamp: number };

export const inCartFeedbackMachine = setup({
  types: {
    context: {} as { readonly shown: Readonly<Record<number, number>>; readonly stamp: number },
    events: {} as InCartFeedbackEvent,
  },
  delays: { feedback: IN_CART_FEEDBACK_MS },
}).createMachine({
  id: 'inCartFeedback',
  context: { shown: {}, stamp: 0 },
  initial: 'showing',
  states: {
    showing: {
      on: {
        'feedback.shown': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const stamp = context.stamp + 1;
            enqueue.assign({ shown: { ...context.shown, [event.id]: stamp }, stamp });
            enqueue.raise({ type: 'feedback.expired', id: event.id, stamp }, { delay: 'feedback' });
          }),
        },
        'feedback.expired': {
          // A later add of the same product restarts its second; only the latest expiry counts.
          guard: ({ context, event }) => context.shown[event.id] === event.stamp,
          actions: assign({
            shown: ({ context, event }) => {
              const { [event.id]: _expired, ...rest } = context.shown;
              return rest;
            },
          }),
        },
      },
    },
  },
});
