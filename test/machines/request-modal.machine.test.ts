import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  CONSULTATION_ATTACHMENT_TYPE_ERROR,
  CONSULTATION_FILE_TOO_LARGE_ERROR,
  CONSULTATION_SUBMIT_ERROR,
  consultationModalMachine,
} from '../../src/application/machines/consultation-modal.machine';
import {
  FEEDBACK_SUBMIT_ERROR,
  feedbackModalMachine,
} from '../../src/application/machines/feedback-modal.machine';
import type {
  ClientContacts,
  RequestModalMachine,
  RequestSubmitInput,
  RequestSubmitResult,
} from '../../src/application/machines/request-modal.machine';
import {
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  EMAIL_OR_PHONE_REQUIRED_MESSAGE,
  PHONE_FORMAT_MESSAGE,
  PHONE_OR_EMAIL_REQUIRED_MESSAGE,
} from '../../src/domain/contact-form-validation';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

function startModal(machine: RequestModalMachine) {
  const submit = controlledActor<RequestSubmitResult, RequestSubmitInput>('submitRequest');
  const contacts = controlledActor<ClientContacts, { clientId: number }>('loadClientContacts');
  const log: string[] = [];
  const actor = createActor(
    machine.provide({
      actors: { submitRequest: submit.logic, loadClientContacts: contacts.logic },
      actions: {
        focusDialog: () => log.push('focus'),
        reportTempPassword: (_, { tempPassword }) => log.push(`tempPassword:${tempPassword}`),
        refreshAuth: () => log.push('refreshAuth'),
      },
    }),
  ).start();
  return { actor, submit, contacts, log };
}

const fill = (
  actor: ReturnType<typeof startModal>['actor'],
  values: Record<'phone' | 'email' | 'comment', string>,
) => {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'form.fieldChanged', field: field as 'phone' | 'email' | 'comment', value });
  }
};

describe('request modals', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens, moves focus after 120 ms and is visible until the 260 ms closing animation ends', async () => {
    const { actor, log } = startModal(consultationModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: null });
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    await vi.advanceTimersByTimeAsync(119);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['focus']);

    actor.send({ type: 'modal.closeRequested' });
    expect(actor.getSnapshot().value).toBe('closing');
    await vi.advanceTimersByTimeAsync(259);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('validates a field on blur, trimmed, with the spec messages', () => {
    const { actor } = startModal(consultationModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: null });
    actor.send({ type: 'form.fieldBlurred', field: 'phone' });
    expect(actor.getSnapshot().context.errors).toEqual({ phone: PHONE_OR_EMAIL_REQUIRED_MESSAGE });

    fill(actor, { phone: '  12ab  ', email: ' a@b.ru ', comment: '' });
    actor.send({ type: 'form.fieldBlurred', field: 'phone' });
    actor.send({ type: 'form.fieldBlurred', field: 'email' });
    expect(actor.getSnapshot().context.errors).toEqual({ phone: PHONE_FORMAT_MESSAGE });

    fill(actor, { phone: '+7 999 123-4567', email: 'a b@c.ru', comment: '' });
    actor.send({ type: 'form.fieldBlurred', field: 'phone' });
    actor.send({ type: 'form.fieldBlurred', field: 'email' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: EMAIL_FORMAT_MESSAGE });
  });

  it('validates everything on submit and does not send an invalid form', () => {
    const { actor, submit } = startModal(feedbackModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: 5 });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().context.errors).toEqual({
      phone: PHONE_OR_EMAIL_REQUIRED_MESSAGE,
      email: EMAIL_OR_PHONE_REQUIRED_MESSAGE,
    });
    expect(actor.getSnapshot().matches({ open: { form: 'editing' } })).toBe(true);
    expect(submit.calls).toHaveLength(0);
  });

  it('disables closing while sending and sends trimmed values', async () => {
    const { actor, submit } = startModal(consultationModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: null });
    fill(actor, { phone: '', email: '  guest@example.ru ', comment: '  Нужен диван  ' });
    actor.send({ type: 'form.submitted' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.can({ type: 'modal.closeRequested' })).toBe(false);
    actor.send({ type: 'modal.closeRequested' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.next().input).toEqual({
      form: 'consultation',
      clientId: null,
      values: { phone: '', email: 'guest@example.ru', comment: 'Нужен диван', attachment: null },
    });
  });

  it.each([
    [{ accountStatus: 'existing' }, null, 'existing'],
    [{ tempPassword: 'Tmp-123' }, null, 'created'],
    [{ existingAccount: true }, null, 'existing'],
    [{}, null, 'created'],
    [{}, 5, 'none'],
  ] as const)('shows the account status for %o (client %s) as %s', async (response, clientId, status) => {
    const { actor, submit, contacts } = startModal(consultationModalMachine);
    actor.send({ type: 'modal.openRequested', clientId });
    if (clientId !== null) contacts.next().resolve({ email: 'me@example.ru', phone: null });
    await flush();
    fill(actor, { phone: '', email: 'me@example.ru', comment: '' });
    actor.send({ type: 'form.submitted' });
    submit.next().resolve(response);
    await flush();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.accountStatus).toBe(status);
  });

  it('prefills a client’s contacts without overwriting what was typed', async () => {
    const { actor, contacts } = startModal(feedbackModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: 9 });
    expect(contacts.next().input).toEqual({ clientId: 9 });
    actor.send({ type: 'form.fieldChanged', field: 'phone', value: '+79990000000' });
    contacts.next().resolve({ email: 'client@example.ru', phone: '+71112223344' });
    await flush();
    expect(actor.getSnapshot().context.values).toMatchObject({
      email: 'client@example.ru',
      phone: '+79990000000',
    });
  });

  it('asks nothing about a guest’s contacts', () => {
    const { actor, contacts } = startModal(feedbackModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: null });
    expect(contacts.calls).toHaveLength(0);
  });

  it.each([
    [{ code: 'invalid_attachment_type' }, CONSULTATION_ATTACHMENT_TYPE_ERROR],
    [{ code: 'file_too_large' }, CONSULTATION_FILE_TOO_LARGE_ERROR],
    [{ code: 'something_else' }, CONSULTATION_SUBMIT_ERROR],
    [new Error('network'), CONSULTATION_SUBMIT_ERROR],
    [null, CONSULTATION_SUBMIT_ERROR],
  ])('maps the consultation failure %o to its message', async (error, message) => {
    const { actor, submit } = startModal(consultationModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: null });
    fill(actor, { phone: '+79990000000', email: '', comment: '' });
    actor.send({ type: 'form.submitted' });
    submit.next().reject(error);
    await flush();
    expect(actor.getSnapshot().matches({ open: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.submitError).toBe(message);
    expect(actor.getSnapshot().context.values.phone).toBe('+79990000000');
  });

  it('shows the feedback failure message for any error', async () => {
    const { actor, submit } = startModal(feedbackModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: null });
    fill(actor, { phone: '+79990000000', email: '', comment: '' });
    actor.send({ type: 'form.submitted' });
    submit.next().reject({ code: 'file_too_large' });
    await flush();
    expect(actor.getSnapshot().context.submitError).toBe(FEEDBACK_SUBMIT_ERROR);
  });

  it('checks a consultation attachment at once; feedback ignores attachments', () => {
    const consultation = startModal(consultationModalMachine);
    consultation.actor.send({ type: 'modal.openRequested', clientId: null });
    consultation.actor.send({
      type: 'form.attachmentChosen',
      file: { name: 'a.exe', type: 'application/x-msdownload', size: 10 },
    });
    expect(consultation.actor.getSnapshot().context.errors.attachment).toBe(ATTACHMENT_TYPE_MESSAGE);
    consultation.actor.send({
      type: 'form.attachmentChosen',
      file: { name: 'a.pdf', type: 'application/pdf', size: 6 * 1024 * 1024 },
    });
    expect(consultation.actor.getSnapshot().context.errors.attachment).toBe(ATTACHMENT_SIZE_MESSAGE);
    consultation.actor.send({
      type: 'form.attachmentChosen',
      file: { name: 'a.pdf', type: 'application/pdf', size: 1024 },
    });
    expect(consultation.actor.getSnapshot().context.errors).toEqual({});

    const feedback = startModal(feedbackModalMachine);
    feedback.actor.send({ type: 'modal.openRequested', clientId: null });
    expect(feedback.actor.getSnapshot().can({ type: 'form.attachmentChosen', file: null })).toBe(false);
  });

  it('"send another" returns to an empty form; closing from success plays the animation', async () => {
    const { actor, submit } = startModal(consultationModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: null });
    fill(actor, { phone: '+79990000000', email: '', comment: 'Привет' });
    actor.send({ type: 'form.submitted' });
    submit.next().resolve({});
    await flush();
    actor.send({ type: 'modal.sendAnotherRequested' });
    expect(actor.getSnapshot().matches({ open: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({
      phone: '',
      email: '',
      comment: '',
      attachment: null,
    });
  });

  it('feedback refreshes auth after closing when a temporary password was issued', async () => {
    const { actor, submit, log } = startModal(feedbackModalMachine);
    actor.send({ type: 'modal.openRequested', clientId: null });
    fill(actor, { phone: '', email: 'new@example.ru', comment: '' });
    actor.send({ type: 'form.submitted' });
    submit.next().resolve({ tempPassword: 'Tmp-1' });
    await flush();
    expect(log).toContain('tempPassword:Tmp-1');
    actor.send({ type: 'modal.closeRequested' });
    await vi.advanceTimersByTimeAsync(259);
    expect(log).not.toContain('refreshAuth');
    await vi.advanceTimersByTimeAsync(1);
    expect(log.at(-1)).toBe('refreshAuth');
  });

  it('consultation does not refresh auth after closing, and feedback does not without a password', async () => {
    for (const [machine, response] of [
      [consultationModalMachine, { tempPassword: 'Tmp-1' }],
      [feedbackModalMachine, {}],
    ] as const) {
      const { actor, submit, log } = startModal(machine);
      actor.send({ type: 'modal.openRequested', clientId: null });
      fill(actor, { phone: '', email: 'new@example.ru', comment: '' });
      actor.send({ type: 'form.submitted' });
      submit.next().resolve(response);
      await flush();
      actor.send({ type: 'modal.closeRequested' });
      await vi.advanceTimersByTimeAsync(260);
      expect(actor.getSnapshot().value).toBe('closed');
      expect(log).not.toContain('refreshAuth');
    }
  });
});

function graphEvents(machine: RequestModalMachine): AnyEventObject[] {
  return [
    { type: 'modal.openRequested', clientId: null },
    { type: 'modal.openRequested', clientId: 5 },
    { type: 'modal.closeRequested' },
    { type: 'modal.sendAnotherRequested' },
    { type: 'form.fieldChanged', field: 'email', value: 'a@b.ru' },
    { type: 'form.submitted' },
    doneEvent('submitRequest', { tempPassword: 'Tmp-1' }),
    doneEvent('submitRequest', { existingAccount: true }),
    errorEvent('submitRequest', { code: 'file_too_large' }),
    doneEvent('loadClientContacts', { email: 'c@d.ru', phone: null }),
    errorEvent('loadClientContacts'),
    afterEvent('closeAnimation', `${machine.id}.closing`),
  ];
}

const serialize = (snapshot: {
  value: unknown;
  context: { accountStatus: unknown; values: { email?: string } };
}) => JSON.stringify([snapshot.value, snapshot.context.accountStatus, snapshot.context.values.email]);

describe.each([
  ['consultation', consultationModalMachine],
  ['feedback', feedbackModalMachine],
] as const)('%s modal graph', (_, machine) => {
  it('reaches every state', () => {
    expect(
      unreachableStates(machine, { events: graphEvents(machine) as never[], serializeState: serialize }),
    ).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    vi.useFakeTimers();
    // Shortest paths tell states apart by value, account status and e-mail, so their snapshots carry
    // the right context; simple paths (every acyclic route) are keyed by value only, so only the
    // value is compared along them.
    const paths = [
      ...getShortestPaths(machine, {
        events: graphEvents(machine) as never[],
        serializeState: serialize,
      }).map((path) => ({ path, compareContext: true })),
      ...getSimplePaths(machine, {
        events: graphEvents(machine) as never[],
        serializeState: (snapshot) => JSON.stringify(snapshot.value),
      }).map((path) => ({ path, compareContext: false })),
    ];
    expect(paths.length).toBeGreaterThan(5);
    for (const { path, compareContext } of paths) {
      const sut = startModal(machine);
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
        if (event.type === 'xstate.done.actor.submitRequest')
          sut.submit.next().resolve(event.output as RequestSubmitResult);
        else if (event.type === 'xstate.error.actor.submitRequest') sut.submit.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.loadClientContacts')
          sut.contacts.next().resolve(event.output as ClientContacts);
        else if (event.type === 'xstate.error.actor.loadClientContacts')
          sut.contacts.next().reject(event.error);
        else if (event.type.startsWith('xstate.after.closeAnimation')) await vi.advanceTimersByTimeAsync(260);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        const actual = sut.actor.getSnapshot();
        expect(actual.value, path.steps.map((s) => s.event.type).join(' → ')).toEqual(step.state.value);
        if (compareContext) expect(actual.context.accountStatus).toEqual(step.state.context.accountStatus);
        expect(actual.hasTag('visible')).toBe(actual.value !== 'closed');
      }
      sut.actor.stop();
    }
    vi.useRealTimers();
  });
});
