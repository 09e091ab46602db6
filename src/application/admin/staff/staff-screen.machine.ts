/**
 * The owner's «Сотрудники» (/admin/staff; docs/staff.md). One `staff` list — as the server last
 * answered it; every command answers the changed person, who replaces their row (no refetch):
 *
 * - `ready`    — the list and the «Добавить сотрудника» form (e-mail, name, role). Field errors show
 *   after the first submit; a valid form goes to `creating`.
 * - `creating` — POST /api/admin/staff: the new person is listed and told by e-mail (the notice says
 *   so: the temporary password is never shown here); a refusal (an e-mail already used) keeps the form.
 * - `changing` — a role change or a block / unblock of one person (`pendingId`); a block ends their
 *   sessions at once on the server.
 * - `confirmingReset` → `resetting` — «Сбросить второй фактор» of a person who lost their phone: the
 *   dialog says what happens (the code is no longer asked, their sessions end), then POST
 *   …/second-factor/reset; the answer replaces their row. Cancelling sends nothing.
 */
import { assign, fromPromise, setup } from 'xstate';
import { EMAIL_FORMAT_MESSAGE, isValidEmail } from '../../../../shared-rules/email-rule';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../../../shared-rules/staff-role-rule';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import {
  ADMIN_STAFF_PORT,
  type NewStaffMember,
  type StaffChange,
  type StaffMember,
} from '../../ports/admin-staff.port';
import { defineUseCase } from '../../use-case';

export interface StaffDraft {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
}

export type StaffDraftErrors = Partial<Record<'email' | 'name', string>>;

const NAME_MAX = 200;
const EMPTY_DRAFT: StaffDraft = { email: '', name: '', role: 'manager' };

/** The contract's checks (api/admin-staff.ts), with the shop's own messages. */
export function staffDraftErrors(draft: StaffDraft): StaffDraftErrors {
  const errors: { email?: string; name?: string } = {};
  if (draft.email.trim() === '') errors.email = 'Укажите e-mail: на него придёт временный пароль';
  else if (!isValidEmail(draft.email.trim())) errors.email = EMAIL_FORMAT_MESSAGE;
  if (draft.name.trim() === '') errors.name = 'Укажите имя: его видят в журнале и в заказах';
  else if (draft.name.trim().length > NAME_MAX) errors.name = `Не больше ${NAME_MAX} символов`;
  return errors;
}

interface StaffScreenContext {
  readonly staff: readonly StaffMember[];
  readonly draft: StaffDraft;
  readonly showErrors: boolean;
  readonly failure: string | null;
  readonly notice: string | null;
  readonly pendingId: number | null;
  readonly pendingChange: StaffChange | null;
}

type StaffScreenEvent =
  | { readonly type: 'draft.edited'; readonly patch: Partial<StaffDraft> }
  | { readonly type: 'create.submitted' }
  | { readonly type: 'staff.changeRequested'; readonly id: number; readonly change: StaffChange }
  | { readonly type: 'secondFactor.resetRequested'; readonly id: number }
  | { readonly type: 'reset.confirmed' }
  | { readonly type: 'reset.cancelled' }
  | { readonly type: 'notice.dismissed' };

const replaced = (staff: readonly StaffMember[], member: StaffMember): readonly StaffMember[] =>
  staff.map((each) => (each.id === member.id ? member : each));

export const staffScreenMachine = setup({
  types: {
    context: {} as StaffScreenContext,
    events: {} as StaffScreenEvent,
    input: {} as { readonly staff: readonly StaffMember[] },
  },
  actors: {
    createStaff: fromPromise<StaffMember, NewStaffMember>(async () => {
      throw new Error('staffScreen machine: actor createStaff not provided');
    }),
    changeStaff: fromPromise<StaffMember, { id: number; change: StaffChange }>(async () => {
      throw new Error('staffScreen machine: actor changeStaff not provided');
    }),
    resetSecondFactor: fromPromise<StaffMember, { id: number }>(async () => {
      throw new Error('staffScreen machine: actor resetSecondFactor not provided');
    }),
  },
  guards: {
    draftValid: ({ context }) => Object.keys(staffDraftErrors(context.draft)).length === 0,
  },
  actions: {
    editDraft: assign(({ context, event }) =>
      event.type === 'draft.edited' ? { draft: { ...context.draft, ...event.patch }, failure: null } : {},
    ),
    showErrors: assign({ showErrors: true }),
    dismissNotice: assign({ notice: null, failure: null }),
  },
}).createMachine({
  id: 'staffScreen',
  context: ({ input }) => ({
    staff: input.staff,
    draft: EMPTY_DRAFT,
    showErrors: false,
    failure: null,
    notice: null,
    pendingId: null,
    pendingChange: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'draft.edited': { actions: 'editDraft' },
        'create.submitted': [{ guard: 'draftValid', target: 'creating' }, { actions: 'showErrors' }],
        'staff.changeRequested': {
          target: 'changing',
          actions: assign(({ event }) => ({
            pendingId: event.id,
            pendingChange: event.change,
            failure: null,
            notice: null,
          })),
        },
        'secondFactor.resetRequested': {
          target: 'confirmingReset',
          actions: assign(({ event }) => ({ pendingId: event.id, failure: null, notice: null })),
        },
        'notice.dismissed': { actions: 'dismissNotice' },
      },
    },
    confirmingReset: {
      on: {
        'reset.confirmed': 'resetting',
        'reset.cancelled': { target: 'ready', actions: assign({ pendingId: null }) },
      },
    },
    resetting: {
      invoke: {
        src: 'resetSecondFactor',
        input: ({ context }) => ({ id: context.pendingId ?? 0 }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            staff: replaced(context.staff, event.output),
            pendingId: null,
            notice: `Второй фактор сброшен: ${event.output.name ?? event.output.email} входит по паролю и может подключить код заново. Все сеансы сотрудника завершены.`,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ failure: adminFailureMessage(event.error), pendingId: null })),
        },
      },
    },
    creating: {
      invoke: {
        src: 'createStaff',
        input: ({ context }) => ({
          email: context.draft.email.trim(),
          name: context.draft.name.trim(),
          role: context.draft.role,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            staff: [...context.staff, event.output],
            draft: EMPTY_DRAFT,
            showErrors: false,
            notice: `${event.output.name ?? event.output.email} добавлен(а) с ролью «${STAFF_ROLE_LABELS[event.output.role]}». Временный пароль отправлен на ${event.output.email}.`,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ failure: adminFailureMessage(event.error) })),
        },
      },
    },
    changing: {
      invoke: {
        src: 'changeStaff',
        input: ({ context }) => ({ id: context.pendingId ?? 0, change: context.pendingChange ?? {} }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            staff: replaced(context.staff, event.output),
            pendingId: null,
            pendingChange: null,
            notice:
              context.pendingChange?.blocked === true
                ? `${event.output.name ?? event.output.email} заблокирован(а): все сеансы завершены.`
                : context.pendingChange?.blocked === false
                  ? `${event.output.name ?? event.output.email} снова может входить.`
                  : `Роль изменена: «${STAFF_ROLE_LABELS[event.output.role]}».`,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            failure: adminFailureMessage(event.error),
            pendingId: null,
            pendingChange: null,
          })),
        },
      },
    },
  },
});

/** The screen's machine, with its commands wired to the staff port. */
export const staffScreen = defineUseCase(
  'admin.staff.screenMachine',
  { staff: ADMIN_STAFF_PORT },
  ({ staff }) =>
    staffScreenMachine.provide({
      actors: {
        createStaff: fromPromise<StaffMember, NewStaffMember>(({ input, signal }) =>
          staff.create(input, { signal }),
        ),
        changeStaff: fromPromise<StaffMember, { id: number; change: StaffChange }>(({ input, signal }) =>
          staff.change(input.id, input.change, { signal }),
        ),
        resetSecondFactor: fromPromise<StaffMember, { id: number }>(({ input, signal }) =>
          staff.resetSecondFactor(input.id, { signal }),
        ),
      },
    }),
);
