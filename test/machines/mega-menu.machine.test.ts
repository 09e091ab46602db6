import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { megaMenuMachine } from '../../src/application/machines/mega-menu.machine';
import { afterEvent, unreachableStates } from './support/state-graph';

const start = (viewportWidth: number) => createActor(megaMenuMachine, { input: { viewportWidth } }).start();

describe('mega menu machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on a wide screen hover selects roots and items; clicks do not', () => {
    const actor = start(1440);
    actor.send({ type: 'menu.rootClicked', slug: 'mebel' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'menu.rootHovered', slug: 'mebel' });
    actor.send({ type: 'menu.itemHovered', level: 1, slug: 'krovati' });
    actor.send({ type: 'menu.itemClicked', level: 2, slug: 'ignored' });
    expect(actor.getSnapshot().context).toMatchObject({
      mode: 'hover',
      rootSlug: 'mebel',
      level1Slug: 'krovati',
      level2Slug: null,
    });
    actor.send({ type: 'menu.rootHovered', slug: 'dekor' });
    expect(actor.getSnapshot().context).toMatchObject({ rootSlug: 'dekor', level1Slug: null });
    actor.send({ type: 'menu.pointerLeft' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('up to 1200 px a click selects, and a second click on the active root closes after 500 ms', async () => {
    const actor = start(1200);
    actor.send({ type: 'menu.rootHovered', slug: 'mebel' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'menu.rootClicked', slug: 'mebel' });
    actor.send({ type: 'menu.itemClicked', level: 1, slug: 'divany' });
    actor.send({ type: 'menu.itemClicked', level: 2, slug: 'uglovye' });
    expect(actor.getSnapshot().context).toMatchObject({
      mode: 'click',
      level1Slug: 'divany',
      level2Slug: 'uglovye',
    });

    actor.send({ type: 'menu.rootClicked', slug: 'mebel' });
    expect(actor.getSnapshot().value).toBe('closingAfterSecondClick');
    await vi.advanceTimersByTimeAsync(499);
    expect(actor.getSnapshot().value).toBe('closingAfterSecondClick');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.rootSlug).toBeNull();
  });

  it('another root clicked while closing opens it instead', async () => {
    const actor = start(1000);
    actor.send({ type: 'menu.rootClicked', slug: 'mebel' });
    actor.send({ type: 'menu.rootClicked', slug: 'mebel' });
    actor.send({ type: 'menu.rootClicked', slug: 'dekor' });
    await vi.advanceTimersByTimeAsync(600);
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.rootSlug).toBe('dekor');
  });

  it('accent and direct-link roots never open a panel', () => {
    for (const slug of ['posledniy-shans', 'brendy-proizvoditeli', 'vdohnovenie', 'bytovaya-tehnika']) {
      const wide = start(1440);
      wide.send({ type: 'menu.rootHovered', slug });
      expect(wide.getSnapshot().value).toBe('closed');
      const narrow = start(900);
      narrow.send({ type: 'menu.rootClicked', slug });
      expect(narrow.getSnapshot().value).toBe('closed');
    }
  });

  it('up to 768 px the levels stack and back goes up one level, then closes', () => {
    const actor = start(768);
    actor.send({ type: 'menu.rootClicked', slug: 'mebel' });
    actor.send({ type: 'menu.itemClicked', level: 1, slug: 'krovati' });
    actor.send({ type: 'menu.itemClicked', level: 2, slug: 'dvuspalnye' });
    actor.send({ type: 'menu.backRequested' });
    expect(actor.getSnapshot().context).toMatchObject({
      mode: 'stacked',
      level1Slug: 'krovati',
      level2Slug: null,
    });
    actor.send({ type: 'menu.backRequested' });
    expect(actor.getSnapshot().context).toMatchObject({ rootSlug: 'mebel', level1Slug: null });
    actor.send({ type: 'menu.backRequested' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it.each(['menu.routeChanged', 'menu.escapePressed', 'menu.outsideClicked'] as const)(
    '%s closes at once',
    (type) => {
      const actor = start(900);
      actor.send({ type: 'menu.rootClicked', slug: 'mebel' });
      actor.send({ type });
      expect(actor.getSnapshot().value).toBe('closed');
      expect(actor.getSnapshot().context.rootSlug).toBeNull();
    },
  );

  it('a viewport change to another mode closes the menu; within a mode it stays', () => {
    const actor = start(900);
    actor.send({ type: 'menu.rootClicked', slug: 'mebel' });
    actor.send({ type: 'menu.viewportChanged', width: 1100 });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'menu.viewportChanged', width: 1300 });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.mode).toBe('hover');
  });

  it('reaches every state', () => {
    const events = [
      { type: 'menu.rootClicked', slug: 'mebel' },
      { type: 'menu.rootClicked', slug: 'dekor' },
      { type: 'menu.rootHovered', slug: 'mebel' },
      { type: 'menu.escapePressed' },
      afterEvent('menuSecondClickClose', 'megaMenu.closingAfterSecondClick'),
    ] as never[];
    expect(unreachableStates(megaMenuMachine, { events, input: { viewportWidth: 1000 } })).toEqual([]);
  });
});
