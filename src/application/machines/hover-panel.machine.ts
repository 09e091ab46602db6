/**
 * A header hover panel: the favourites mini-panel and the mini-cart (spec §4 "Hover panels", §9
 * "Hover delays: open 300 ms, close 150 ms").
 *
 * Top-level states model what the pointer has done:
 * - `closed`  — nothing shown;
 * - `opening` — the pointer rests on the icon; the panel opens if it stays 300 ms;
 * - `open`    — the panel is shown;
 * - `closing` — the pointer left; the panel closes unless it comes back within 150 ms (so moving
 *               from the icon into the panel does not close it).
 * The tag `visible` marks the states in which the panel is on screen.
 */
import { setup } from 'xstate';

export type HoverPanelEvent =
  | { readonly type: 'panel.pointerEntered' }
  | { readonly type: 'panel.pointerLeft' }
  /** Escape, a click on a link inside, or a route change. */
  | { readonly type: 'panel.closeRequested' };

export const hoverPanelMachine = setup({
  types: {
    events: {} as HoverPanelEvent,
    tags: {} as 'visible',
  },
  delays: {
    hoverOpen: 300,
    hoverClose: 150,
  },
}).createMachine({
  id: 'hoverPanel',
  initial: 'closed',
  states: {
    closed: {
      on: { 'panel.pointerEntered': 'opening' },
    },
    opening: {
      after: { hoverOpen: 'open' },
      on: { 'panel.pointerLeft': 'closed', 'panel.closeRequested': 'closed' },
    },
    open: {
      tags: ['visible'],
      on: { 'panel.pointerLeft': 'closing', 'panel.closeRequested': 'closed' },
    },
    closing: {
      tags: ['visible'],
      after: { hoverClose: 'closed' },
      on: { 'panel.pointerEntered': 'open', 'panel.closeRequested': 'closed' },
    },
  },
});
