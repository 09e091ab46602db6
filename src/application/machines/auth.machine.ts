/**
 * Authentication lifecycle (spec §4 "Authentication", §6 roles).
 *
 * Top-level states model who the shop believes the visitor is:
 * - `checking`       — unknown/loading: GET /api/check-auth is in flight (on start and on every refresh);
 * - `client`         — authenticated client (a positive clientId);
 * - `admin`          — authenticated administrator (role admin, no clientId);
 * - `unauthenticated`— a guest; also where every failure lands, with all identity cleared;
 * - `loggingOut`     — POST /api/logout in flight; whatever it answers, the identity is cleared.
 *
 * Every change of (isAuthenticated, clientId) is announced once: through the `announceAuthState`
 * action (the composition root dispatches the window event `authStateChanged`) and as the emitted
 * event `auth.stateChanged`, which the shop system relays to the other long-lived machines.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { StaffRole } from '../../../shared-rules/staff-role-rule';

/** What GET /api/check-auth answers, as the adapter decodes it. */
export interface AuthCheckAnswer {
  readonly authenticated: boolean;
  /** userRole or role from the answer; the adapter defaults it to 'user'. */
  readonly role: string;
  readonly clientId: number | null;
  readonly tempPasswordActive: boolean;
  /** Staff only: the role deciding which back-office areas open (shared-rules/staff-role-rule.ts). */
  readonly staffRole?: StaffRole;
}

/** The identity the rest of the shop sees. */
export interface AuthIdentity {
  readonly isAuthenticated: boolean;
  /** A positive integer for a client; `null` for guests and administrators. */
  readonly clientId: number | null;
  readonly role: 'guest' | 'user' | 'admin';
  /** Staff only; the back office hides what this role cannot open (the server refuses it anyway). */
  readonly staffRole?: StaffRole;
}

/** The payload of the window event `authStateChanged` (spec §4). */
export interface AuthStateChange {
  readonly isAuthenticated: boolean;
  readonly clientId: number | null;
}

interface AuthContext {
  readonly identity: AuthIdentity;
  readonly tempPasswordActive: boolean;
  /** The last temporary password a request or subscription returned (spec: "stored and flagged"). */
  readonly tempPassword: string | null;
  /** What was last announced; `null` before the first check settles, so the first answer is announced. */
  readonly announced: AuthStateChange | null;
}

type AuthEvent =
  /** Re-check with the server: after a request or subscription that created an account. */
  | { readonly type: 'auth.refreshRequested' }
  /**
   * The server already said who the visitor is: the answer of sign-in, registration or a password
   * change is the same as check-auth's, so it is taken as it is instead of asking again.
   */
  | { readonly type: 'auth.answered'; readonly answer: AuthCheckAnswer }
  | { readonly type: 'auth.logoutRequested' }
  | { readonly type: 'auth.tempPasswordIssued'; readonly tempPassword: string };

type AuthEmitted = { readonly type: 'auth.stateChanged' } & AuthStateChange;

const GUEST_IDENTITY: AuthIdentity = { isAuthenticated: false, clientId: null, role: 'guest' };

function notProvided(kind: string, name: string): never {
  throw new Error(`auth machine: ${kind} ${name} not provided`);
}

/** A client id is a positive safe integer (spec §3, §6). */
function isClientId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * Spec §6: admin is recognised by userRole 'admin' and has no clientId; a client has a positive
 * clientId; any other answer (not authenticated, or authenticated without a usable id) is a guest.
 */
function identityFrom(answer: AuthCheckAnswer): AuthIdentity {
  if (!answer.authenticated) return GUEST_IDENTITY;
  if (answer.role === 'admin')
    return {
      isAuthenticated: true,
      clientId: null,
      role: 'admin',
      ...(answer.staffRole === undefined ? {} : { staffRole: answer.staffRole }),
    };
  if (isClientId(answer.clientId)) return { isAuthenticated: true, clientId: answer.clientId, role: 'user' };
  return GUEST_IDENTITY;
}

const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    checkAuth: fromPromise<AuthCheckAnswer, void>(async () => notProvided('actor', 'checkAuth')),
    logout: fromPromise<void, void>(async () => notProvided('actor', 'logout')),
  },
  actions: {
    /** The composition root dispatches `window` event `authStateChanged` with this detail. */
    announceAuthState: (_, _params: AuthStateChange) => notProvided('action', 'announceAuthState'),
    clearIdentity: assign({ identity: GUEST_IDENTITY, tempPasswordActive: false, tempPassword: null }),
    storeTempPassword: assign({
      tempPassword: (_, params: { tempPassword: string }) => params.tempPassword,
      tempPasswordActive: true,
    }),
  },
  guards: {
    answerIsAdmin: (_, params: { answer: AuthCheckAnswer }) => identityFrom(params.answer).role === 'admin',
    answerIsClient: (_, params: { answer: AuthCheckAnswer }) => identityFrom(params.answer).role === 'user',
    tempPasswordIsUsable: (_, params: { tempPassword: string }) => params.tempPassword.trim() !== '',
  },
});

export const authMachine = authSetup
  .extend({
    actions: {
      /** Announces (isAuthenticated, clientId) only when it differs from what was last announced. */
      announceIfChanged: authSetup.enqueueActions(({ context, enqueue }) => {
        const next: AuthStateChange = {
          isAuthenticated: context.identity.isAuthenticated,
          clientId: context.identity.clientId,
        };
        const previous = context.announced;
        if (
          previous &&
          previous.isAuthenticated === next.isAuthenticated &&
          previous.clientId === next.clientId
        ) {
          return;
        }
        enqueue.assign({ announced: next });
        enqueue({ type: 'announceAuthState', params: next });
        enqueue.emit({ type: 'auth.stateChanged', ...next });
      }),
    },
  })
  .createMachine({
    id: 'auth',
    context: { identity: GUEST_IDENTITY, tempPasswordActive: false, tempPassword: null, announced: null },
    initial: 'checking',
    on: {
      // From any state but a logout in flight (which ignores it): the newest answer wins, and a check
      // still in flight is cancelled by leaving `checking`. Re-entering announces a changed identity.
      'auth.answered': [
        {
          guard: { type: 'answerIsAdmin', params: ({ event }) => ({ answer: event.answer }) },
          target: '.admin',
          reenter: true,
          actions: assign({
            identity: ({ event }) => identityFrom(event.answer),
            tempPasswordActive: ({ event }) => event.answer.tempPasswordActive,
          }),
        },
        {
          guard: { type: 'answerIsClient', params: ({ event }) => ({ answer: event.answer }) },
          target: '.client',
          reenter: true,
          actions: assign({
            identity: ({ event }) => identityFrom(event.answer),
            tempPasswordActive: ({ event }) => event.answer.tempPasswordActive,
          }),
        },
        { target: '.unauthenticated', reenter: true, actions: 'clearIdentity' },
      ],
      'auth.tempPasswordIssued': {
        guard: {
          type: 'tempPasswordIsUsable',
          params: ({ event }) => ({ tempPassword: event.tempPassword }),
        },
        actions: { type: 'storeTempPassword', params: ({ event }) => ({ tempPassword: event.tempPassword }) },
      },
    },
    states: {
      checking: {
        // A logout asked for while a refresh is in flight wins: the check is cancelled.
        on: { 'auth.logoutRequested': 'loggingOut' },
        invoke: {
          id: 'checkAuth',
          src: 'checkAuth',
          onDone: [
            {
              guard: { type: 'answerIsAdmin', params: ({ event }) => ({ answer: event.output }) },
              target: 'admin',
              actions: assign({
                identity: ({ event }) => identityFrom(event.output),
                // The server's answer is authoritative: it drops the flag once a permanent password is set.
                tempPasswordActive: ({ event }) => event.output.tempPasswordActive,
              }),
            },
            {
              guard: { type: 'answerIsClient', params: ({ event }) => ({ answer: event.output }) },
              target: 'client',
              actions: assign({
                identity: ({ event }) => identityFrom(event.output),
                // The server's answer is authoritative: it drops the flag once a permanent password is set.
                tempPasswordActive: ({ event }) => event.output.tempPasswordActive,
              }),
            },
            // Spec §4: a non-authenticated answer clears all identity.
            { target: 'unauthenticated', actions: 'clearIdentity' },
          ],
          // Spec §4/§8: an auth-check failure clears identity.
          onError: { target: 'unauthenticated', actions: 'clearIdentity' },
        },
      },
      client: {
        entry: 'announceIfChanged',
        on: {
          'auth.refreshRequested': 'checking',
          'auth.logoutRequested': 'loggingOut',
        },
      },
      admin: {
        entry: 'announceIfChanged',
        on: {
          'auth.refreshRequested': 'checking',
          'auth.logoutRequested': 'loggingOut',
        },
      },
      unauthenticated: {
        entry: 'announceIfChanged',
        on: {
          'auth.refreshRequested': 'checking',
        },
      },
      loggingOut: {
        // A sign-in answer cannot outrun the logout it follows: the logout's end decides.
        on: { 'auth.answered': {} },
        invoke: {
          id: 'logout',
          src: 'logout',
          // Spec §4: logout clears state even if the server call fails.
          onDone: { target: 'unauthenticated', actions: 'clearIdentity' },
          onError: { target: 'unauthenticated', actions: 'clearIdentity' },
        },
      },
    },
  });
