import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SavedHomeMeasurements } from '../../shared-rules/home-measurements-rule';
import { homeMeasurementsMachine } from '../../src/application/machines/home-measurements.machine';
import { PortFailure } from '../../src/application/ports/port-failure';

/**
 * The «Поместится?» panel's machine (issue 23, item 6): nothing kept → the form; an invalid form
 * stays with its problems and saves nothing; a valid one is kept and shown; a refusal keeps the form
 * with the server's message; «Отмена» goes back to what was kept.
 */
const KEPT: SavedHomeMeasurements = {
  doorWidthCm: 80,
  doorHeightCm: null,
  corridorWidthCm: null,
  lift: null,
  floor: 3,
};

function start(
  loaded: SavedHomeMeasurements | null,
  save: (value: SavedHomeMeasurements) => Promise<SavedHomeMeasurements>,
) {
  const saved: SavedHomeMeasurements[] = [];
  const actor = createActor(
    homeMeasurementsMachine.provide({
      actors: {
        loadMeasurements: fromPromise(async () => loaded),
        saveMeasurements: fromPromise(async ({ input }) => {
          saved.push(input.measurements);
          return save(input.measurements);
        }),
      },
    }),
    { input: { clientId: null } },
  ).start();
  return { actor, saved };
}

describe('the «Поместится?» machine', () => {
  it('opens the form when nothing is kept, refuses an invalid one and keeps a valid one', async () => {
    const { actor, saved } = start(null, async (value) => value);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.problems.doorWidthCm).toBe('Укажите: ширина двери.');
    expect(saved).toEqual([]);

    actor.send({ type: 'change', field: 'doorWidthCm', value: '80' });
    // The field's problem goes as it is changed; the others stay until the next save.
    expect(actor.getSnapshot().context.problems.doorWidthCm).toBeUndefined();
    actor.send({ type: 'liftChosen', hasLift: false });
    actor.send({ type: 'change', field: 'floor', value: '3' });
    actor.send({ type: 'save' });
    await waitFor(actor, (snapshot) => snapshot.matches('showing'));
    expect(saved).toEqual([KEPT]);
    expect(actor.getSnapshot().context.saved).toEqual(KEPT);
  });

  it('keeps the form with the server’s message when the save is refused, and cancels back to what was kept', async () => {
    const { actor } = start(KEPT, async () => {
      throw new PortFailure({
        kind: 'bad-request',
        message: '422',
        status: 422,
        serverMessage: 'Этаж: от 1 до 99.',
      });
    });
    await waitFor(actor, (snapshot) => snapshot.matches('showing'));
    actor.send({ type: 'edit' });
    actor.send({ type: 'change', field: 'doorWidthCm', value: '90' });
    actor.send({ type: 'save' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.saveError !== null);
    expect(actor.getSnapshot().context.saveError).toBe('Этаж: от 1 до 99.');
    expect(actor.getSnapshot().context.draft.values.doorWidthCm).toBe('90');
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(actor.getSnapshot().context.saved).toEqual(KEPT);
  });

  it('says a failed save without a message in its own words', async () => {
    const { actor } = start(KEPT, async () => {
      throw new PortFailure({ kind: 'network', message: 'offline' });
    });
    await waitFor(actor, (snapshot) => snapshot.matches('showing'));
    actor.send({ type: 'edit' });
    actor.send({ type: 'save' });
    await waitFor(actor, (snapshot) => snapshot.context.saveError !== null);
    expect(actor.getSnapshot().context.saveError).toBe('Не удалось сохранить размеры. Попробуйте ещё раз.');
  });
});
