import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { ADMIN_FAILURE_MESSAGES } from '../../../src/application/machines/admin/admin-failure';
import {
  adminFormMachine,
  createAdminFormMachine,
  isFormDirty,
  sameDraft,
} from '../../../src/application/machines/admin/admin-form.machine';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { controlledActor, flush } from '../support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from '../support/state-graph';

interface ContactDraft {
  readonly name: string;
  readonly phone: string;
}

const contactForm = createAdminFormMachine<ContactDraft, { id: number }>({
  id: 'contactForm',
  isValid: (draft) => draft.name.trim() !== '' && /\d{10}/.test(draft.phone.replace(/\D/g, '')),
});

const SAVED: ContactDraft = { name: 'Анна', phone: '+7 921 555-44-33' };

function startForm() {
  const save = controlledActor<{ id: number }, { draft: ContactDraft }>('save');
  const saved: { id: number }[] = [];
  const actor = createActor(contactForm.provide({ actors: { save: save.logic } }), {
    input: { initial: SAVED },
  });
  actor.on('form.saved', (event) => saved.push(event.output));
  actor.start();
  return { actor, save, saved };
}

describe('admin form machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts clean with the saved values and tracks edits as dirty', () => {
    const { actor } = startForm();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(isFormDirty(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'form.edited', patch: { name: 'Анна Петрова' } });
    expect(actor.getSnapshot().context.draft).toEqual({ ...SAVED, name: 'Анна Петрова' });
    expect(isFormDirty(actor.getSnapshot().context)).toBe(true);
    // Typing the old value back is clean again.
    actor.send({ type: 'form.edited', patch: { name: 'Анна' } });
    expect(isFormDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('ignores a submit of an unchanged draft', () => {
    const { actor, save } = startForm();
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(save.calls).toHaveLength(0);
  });

  it('turns the errors on instead of sending an invalid draft', () => {
    const { actor, save } = startForm();
    actor.send({ type: 'form.edited', patch: { name: '  ' } });
    expect(actor.getSnapshot().context.showErrors).toBe(false);
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.showErrors).toBe(true);
    expect(save.calls).toHaveLength(0);
  });

  it('saves, makes the answer the new saved state, emits form.saved and returns to editing', async () => {
    const { actor, save, saved } = startForm();
    actor.send({ type: 'form.edited', patch: { phone: '8 921 000 11 22' } });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.next().input).toEqual({ draft: { name: 'Анна', phone: '8 921 000 11 22' } });
    save.next().resolve({ id: 7 });
    await flush();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(saved).toEqual([{ id: 7 }]);
    expect(actor.getSnapshot().context.initial.phone).toBe('8 921 000 11 22');
    expect(isFormDirty(actor.getSnapshot().context)).toBe(false);
    await vi.advanceTimersByTimeAsync(2500);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('keeps every typed value after a failed save and shows the server message', async () => {
    const { actor, save } = startForm();
    actor.send({ type: 'form.edited', patch: { name: 'Борис', phone: '8 900 111 22 33' } });
    actor.send({ type: 'form.submitted' });
    save.next().reject(
      new PortFailure({
        kind: 'bad-request',
        message: '409',
        status: 409,
        serverMessage: 'Заказ уже оплачен.',
      }),
    );
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toBe('Заказ уже оплачен.');
    expect(snapshot.context.draft).toEqual({ name: 'Борис', phone: '8 900 111 22 33' });
    expect(isFormDirty(snapshot.context)).toBe(true);
    // Retry sends the kept draft.
    actor.send({ type: 'form.submitted' });
    expect(save.next().input.draft.name).toBe('Борис');
  });

  it('explains a network failure in Russian and can reset to the saved values', async () => {
    const { actor, save } = startForm();
    actor.send({ type: 'form.edited', patch: { name: 'Борис' } });
    actor.send({ type: 'form.submitted' });
    save.next().reject(new PortFailure({ kind: 'network', message: 'offline' }));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(ADMIN_FAILURE_MESSAGES.network);
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toEqual(SAVED);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('follows fresh data while clean, and keeps a dirty draft when fresh data arrives', () => {
    const { actor } = startForm();
    const fresh = { name: 'Анна', phone: '+7 999 000-00-00' };
    actor.send({ type: 'form.loaded', initial: fresh });
    expect(actor.getSnapshot().context.draft).toEqual(fresh);
    actor.send({ type: 'form.edited', patch: { name: 'Алла' } });
    actor.send({ type: 'form.loaded', initial: SAVED });
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Алла', phone: '+7 999 000-00-00' });
    expect(actor.getSnapshot().context.initial).toEqual(SAVED);
  });

  it('compares drafts by value, arrays included', () => {
    expect(sameDraft({ lines: [{ id: 1, q: 2 }] }, { lines: [{ id: 1, q: 2 }] })).toBe(true);
    expect(sameDraft({ lines: [{ id: 1, q: 2 }] }, { lines: [{ id: 1, q: 3 }] })).toBe(false);
    expect(sameDraft({ a: 1 }, { a: 1, b: 2 } as { a: number })).toBe(false);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'form.edited', patch: { name: 'Борис' } },
  { type: 'form.edited', patch: { name: '' } },
  { type: 'form.submitted' },
  { type: 'form.reset' },
  doneEvent('save', { id: 1 }),
  errorEvent('save'),
  afterEvent('savedNotice', 'contactForm.saved'),
];

describe('admin form machine graph', () => {
  const input = { initial: SAVED };

  it('reaches every state (the contact form and the generic instance)', () => {
    expect(unreachableStates(contactForm, { events: graphEvents as never[], input })).toEqual([]);
    expect(
      unreachableStates(adminFormMachine, {
        events: [
          { type: 'form.edited', patch: { note: 'Позвонить' } },
          { type: 'form.submitted' },
          doneEvent('save', null),
          errorEvent('save'),
        ] as never[],
        input: { initial: { note: '' } },
      }),
    ).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    vi.useFakeTimers();
    const serializeState = (snapshot: {
      value: unknown;
      context: { draft: ContactDraft; initial: ContactDraft };
    }) => JSON.stringify([snapshot.value, snapshot.context.draft, snapshot.context.initial]);
    const paths = [
      ...getShortestPaths(contactForm, { events: graphEvents as never[], input, serializeState }),
      ...getSimplePaths(contactForm, { events: graphEvents as never[], input, serializeState }),
    ];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const sut = startForm();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: { id: number }; error?: unknown };
        if (event.type === 'xstate.done.actor.save') sut.save.next().resolve(event.output ?? { id: 0 });
        else if (event.type === 'xstate.error.actor.save') sut.save.next().reject(event.error);
        else if (event.type.startsWith('xstate.after.savedNotice')) await vi.advanceTimersByTimeAsync(2500);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
        expect(sut.actor.getSnapshot().context.draft).toEqual(step.state.context.draft);
      }
      sut.actor.stop();
    }
    vi.useRealTimers();
  });
});
