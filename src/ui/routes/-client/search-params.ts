import { safeRedirectPath } from './auth-guards';
import { parseOrderId } from './placed-orders';

/*
 * Every key a parser knows is returned, set to undefined when the value is unusable: the router
 * merges the raw parent search under a route's validated one, so a key left out would let the raw
 * (unchecked) value through.
 */

/** ?redirect= of the access screens: kept only when it is a safe path on this site. */
export interface RedirectSearch {
  readonly redirect?: string | undefined;
}

export function parseRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  return { redirect: safeRedirectPath(search.redirect) ?? undefined };
}

/** /login?email=…&showMsg=1 (spec §4 Subscribe "redirect_login"). */
export interface LoginSearch extends RedirectSearch {
  readonly email?: string | undefined;
  readonly showMsg?: 1 | undefined;
}

export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  const email = typeof search.email === 'string' ? search.email.trim().slice(0, 254) : '';
  const show = search.showMsg === 1 || search.showMsg === '1' || search.showMsg === true;
  return {
    ...parseRedirectSearch(search),
    email: email !== '' ? email : undefined,
    showMsg: show ? 1 : undefined,
  };
}

export type AccountTab = 'orders' | 'requests' | 'promo' | 'consents';
const ACCOUNT_TABS: readonly AccountTab[] = ['orders', 'requests', 'promo', 'consents'];

export interface AccountSearch {
  readonly tab?: AccountTab | undefined;
}

export function parseAccountSearch(search: Record<string, unknown>): AccountSearch {
  return { tab: ACCOUNT_TABS.find((candidate) => candidate === search.tab) };
}

/**
 * /thank-you?order= after checkout; the payment gateway returns the shopper to
 * /thank-you?orderId=…, with &payment=failed when the payment did not go through.
 */
export interface ThankYouSearch {
  readonly order?: number | undefined;
  readonly orderId?: number | undefined;
  readonly payment?: 'failed' | undefined;
}

export function parseThankYouSearch(search: Record<string, unknown>): ThankYouSearch {
  return {
    order: parseOrderId(search.order) ?? undefined,
    orderId: parseOrderId(search.orderId) ?? undefined,
    payment: search.payment === 'failed' ? 'failed' : undefined,
  };
}
