import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { hoverPanelMachine } from '../../src/application/machines/hover-panel.machine';
import { afterEvent, unreachableStates } from './support/state-graph';

describe('hover panel machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens 300 ms after the pointer enters, not before', async () => {
    const actor = createActor(hoverPanelMachine).start();
    actor.send({ type: 'panel.pointerEntered' });
    await vi.advanceTimersByTimeAsync(299);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('does not open when the pointer only passes over the icon', async () => {
    const actor = createActor(hoverPanelMachine).start();
    actor.send({ type: 'panel.pointerEntered' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'panel.pointerLeft' });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('closes 150 ms after the pointer leaves, unless it comes back', async () => {
    const actor = createActor(hoverPanelMachine).start();
    actor.send({ type: 'panel.pointerEntered' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'panel.pointerLeft' });
    await vi.advanceTimersByTimeAsync(149);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    actor.send({ type: 'panel.pointerEntered' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('open');

    actor.send({ type: 'panel.pointerLeft' });
    await vi.advanceTimersByTimeAsync(150);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('closes at once on request', async () => {
    const actor = createActor(hoverPanelMachine).start();
    actor.send({ type: 'panel.pointerEntered' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'panel.closeRequested' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('reaches every state', () => {
    const events = [
      { type: 'panel.pointerEntered' },
      { type: 'panel.pointerLeft' },
      { type: 'panel.closeRequested' },
      afterEvent('hoverOpen', 'hoverPanel.opening'),
      afterEvent('hoverClose', 'hoverPanel.closing'),
    ] as never[];
    expect(unreachableStates(hoverPanelMachine, { events })).toEqual([]);
  });
});
