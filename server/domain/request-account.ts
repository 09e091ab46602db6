/**
 * What the response to POST /api/requests says about the sender's account.
 *
 * The browser applies the spec's five-step rule (§4): created if accountStatus is given; else created
 * if a tempPassword is returned; else existing if an existing-account flag is returned; else created if
 * the visitor had no client id when opening the form; else none.
 *
 * Design (ASVS 5.0 6.3.8): an anonymous sender learns nothing about whether the e-mail has an account.
 * Whether we created one or it already existed, the anonymous answer carries no flags at all, so step 4
 * shows "account created, access sent by e-mail"; the e-mail itself tells the owner which case it is
 * (new access details, or "you already have an account"). The temporary password is never returned in
 * the response — it goes only to the mailbox, which proves the sender owns the address. A signed-in
 * client is told `existing`, which is only about their own account.
 */
export type RequestSender =
  | { readonly kind: 'client'; readonly clientId: number }
  | { readonly kind: 'admin' }
  | { readonly kind: 'anonymous' };

export interface RequestAccountFlags {
  readonly accountStatus?: 'existing';
  readonly existingAccount?: true;
}

export function requestAccountFlags(sender: RequestSender): RequestAccountFlags {
  if (sender.kind === 'client') return { accountStatus: 'existing', existingAccount: true };
  return {};
}

/** What the server must do with the sender's e-mail for a request. */
export type AccountAction =
  | { readonly kind: 'use_session_client'; readonly clientId: number }
  | { readonly kind: 'create_account' }
  | { readonly kind: 'notify_existing_account'; readonly clientId: number }
  | { readonly kind: 'no_account' };

export function accountActionFor(
  sender: RequestSender,
  emailOwner: { readonly clientId: number } | null,
  hasEmail: boolean,
): AccountAction {
  if (sender.kind === 'client') return { kind: 'use_session_client', clientId: sender.clientId };
  if (sender.kind === 'admin' || !hasEmail) return { kind: 'no_account' };
  if (emailOwner !== null) return { kind: 'notify_existing_account', clientId: emailOwner.clientId };
  return { kind: 'create_account' };
}
