/**
 * The category mega menu (spec §4 "Mega menu", §9 breakpoints). Roots and items are named by slug;
 * which roots open a panel and which promo banner a level shows are the domain's mega-menu.ts.
 *
 * Top-level states model whether the menu is open:
 * - `closed`;
 * - `open`    — a root is active, with an optional level-1 and level-2 selection (level 3 is the promo
 *               banner of the selection). How selection happens depends on the viewport, kept in
 *               context as `mode`: wider than 1200 px hover selects; up to 1200 px a click selects; up
 *               to 768 px the levels stack and `menu.backRequested` goes up one level;
 * - `closingAfterSecondClick` — a second click on the active root closes the menu after 500 ms.
 * A route change, Escape or a click outside closes it at once.
 */
import { assign, setup } from 'xstate';
import { type MenuInteractionMode, menuModeForWidth, menuRootKind } from '../../domain/mega-menu';

export interface MegaMenuInput {
  readonly viewportWidth: number;
}

export interface MegaMenuContext {
  readonly mode: MenuInteractionMode;
  readonly rootSlug: string | null;
  readonly level1Slug: string | null;
  readonly level2Slug: string | null;
}

export type MegaMenuEvent =
  | { readonly type: 'menu.viewportChanged'; readonly width: number }
  | { readonly type: 'menu.rootHovered'; readonly slug: string }
  | { readonly type: 'menu.rootClicked'; readonly slug: string }
  | { readonly type: 'menu.itemHovered'; readonly level: 1 | 2; readonly slug: string }
  | { readonly type: 'menu.itemClicked'; readonly level: 1 | 2; readonly slug: string }
  /** The back button of the stacked (≤ 768 px) menu. */
  | { readonly type: 'menu.backRequested' }
  /** The pointer left the menu (root bar and panel) on a wide screen. */
  | { readonly type: 'menu.pointerLeft' }
  | { readonly type: 'menu.routeChanged' }
  | { readonly type: 'menu.escapePressed' }
  | { readonly type: 'menu.outsideClicked' };

const NOTHING_SELECTED = { rootSlug: null, level1Slug: null, level2Slug: null } as const;

export const megaMenuMachine = setup({
  types: {
    context: {} as MegaMenuContext,
    events: {} as MegaMenuEvent,
    input: {} as MegaMenuInput,
  },
  actions: {
    clearSelection: assign(NOTHING_SELECTED),
    selectRoot: assign((_, params: { slug: string }) => ({
      rootSlug: params.slug,
      level1Slug: null,
      level2Slug: null,
    })),
    selectItem: assign((_, params: { level: 1 | 2; slug: string }) =>
      params.level === 1 ? { level1Slug: params.slug, level2Slug: null } : { level2Slug: params.slug },
    ),
    goBack: assign(({ context }) => {
      if (context.level2Slug !== null) return { level2Slug: null };
      if (context.level1Slug !== null) return { level1Slug: null };
      return { rootSlug: null };
    }),
    setMode: assign({
      mode: (_, params: { width: number }) => menuModeForWidth(params.width),
    }),
  },
  guards: {
    /** 'Распродажа', 'Бренды', 'Вдохновение' and 'bytovaya-tehnika' are plain links, not panels. */
    rootOpensPanel: (_, params: { slug: string }) => menuRootKind(params.slug) === 'panel',
    isHoverMode: ({ context }) => context.mode === 'hover',
    isClickMode: ({ context }) => context.mode !== 'hover',
    isActiveRoot: ({ context }, params: { slug: string }) => context.rootSlug === params.slug,
    backLeavesMenu: ({ context }) => context.level1Slug === null && context.level2Slug === null,
    modeChanges: ({ context }, params: { width: number }) => menuModeForWidth(params.width) !== context.mode,
  },
  delays: {
    menuSecondClickClose: 500,
  },
}).createMachine({
  id: 'megaMenu',
  context: ({ input }) => ({ mode: menuModeForWidth(input.viewportWidth), ...NOTHING_SELECTED }),
  initial: 'closed',
  on: {
    'menu.viewportChanged': [
      // A different interaction mode lays the menu out anew: it closes rather than keep a selection
      // made another way.
      {
        guard: { type: 'modeChanges', params: ({ event }) => ({ width: event.width }) },
        target: '.closed',
        actions: [{ type: 'setMode', params: ({ event }) => ({ width: event.width }) }, 'clearSelection'],
      },
    ],
    'menu.routeChanged': { target: '.closed', actions: 'clearSelection' },
    'menu.escapePressed': { target: '.closed', actions: 'clearSelection' },
    'menu.outsideClicked': { target: '.closed', actions: 'clearSelection' },
  },
  states: {
    closed: {
      on: {
        'menu.rootHovered': {
          guard: ({ context, event }) => context.mode === 'hover' && menuRootKind(event.slug) === 'panel',
          target: 'open',
          actions: { type: 'selectRoot', params: ({ event }) => ({ slug: event.slug }) },
        },
        'menu.rootClicked': {
          guard: ({ context, event }) => context.mode !== 'hover' && menuRootKind(event.slug) === 'panel',
          target: 'open',
          actions: { type: 'selectRoot', params: ({ event }) => ({ slug: event.slug }) },
        },
      },
    },
    open: {
      on: {
        'menu.rootHovered': {
          guard: ({ context, event }) => context.mode === 'hover' && menuRootKind(event.slug) === 'panel',
          actions: { type: 'selectRoot', params: ({ event }) => ({ slug: event.slug }) },
        },
        'menu.rootClicked': [
          { guard: 'isHoverMode' },
          // Spec §4: a second click on the active root closes the menu after 500 ms.
          {
            guard: { type: 'isActiveRoot', params: ({ event }) => ({ slug: event.slug }) },
            target: 'closingAfterSecondClick',
          },
          {
            guard: { type: 'rootOpensPanel', params: ({ event }) => ({ slug: event.slug }) },
            actions: { type: 'selectRoot', params: ({ event }) => ({ slug: event.slug }) },
          },
        ],
        'menu.itemHovered': {
          guard: 'isHoverMode',
          actions: { type: 'selectItem', params: ({ event }) => ({ level: event.level, slug: event.slug }) },
        },
        'menu.itemClicked': {
          guard: 'isClickMode',
          actions: { type: 'selectItem', params: ({ event }) => ({ level: event.level, slug: event.slug }) },
        },
        'menu.backRequested': [
          { guard: ({ context }) => context.mode !== 'stacked' },
          { guard: 'backLeavesMenu', target: 'closed', actions: 'clearSelection' },
          { actions: 'goBack' },
        ],
        'menu.pointerLeft': { guard: 'isHoverMode', target: 'closed', actions: 'clearSelection' },
      },
    },
    closingAfterSecondClick: {
      after: { menuSecondClickClose: { target: 'closed', actions: 'clearSelection' } },
      on: {
        // Another root clicked meanwhile opens that one instead.
        'menu.rootClicked': {
          guard: ({ context, event }) =>
            context.rootSlug !== event.slug && menuRootKind(event.slug) === 'panel',
          target: 'open',
          actions: { type: 'selectRoot', params: ({ event }) => ({ slug: event.slug }) },
        },
      },
    },
  },
});
