import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { StaffRole } from '../../../../shared-rules/staff-role-rule';
import type { ShopRuntime } from '../../../application/shop-runtime';
import { type AuthView, authActorOf, authStatusOf, authViewOf } from './shop-hooks';

/**
 * Route guards (spec §5 "Route guard", §6): they wait until the auth machine has answered — a guard
 * that decided while the check was in flight would send every signed-in visitor to /login on a
 * reload — and then redirect a guest to /login (remembering where they were going) and a visitor of
 * the wrong role to /.
 */

/** The auth view once the machine has left `checking` (and `loggingOut`). */
export async function settledAuth(shop: ShopRuntime): Promise<AuthView> {
  const snapshot = await waitFor(authActorOf(shop), (state) => authStatusOf(state) !== 'checking');
  return authViewOf(snapshot);
}

/** Longest origin kept in ?redirect=; anything longer is dropped rather than trusted. */
const MAX_REDIRECT_LENGTH = 2000;

/**
 * A remembered origin that is safe to go back to: a path on this site. Absolute URLs,
 * protocol-relative ('//evil.example') and backslash tricks ('/\\evil.example') are refused, so the
 * login form can never be used to send someone to another site.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const path = value.trim();
  if (path === '' || path.length > MAX_REDIRECT_LENGTH) return null;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  if (path.startsWith('/login') || path.startsWith('/register')) return null;
  return path;
}

/** /orders/{clientId}: a signed-in client only. Resolves with that client's id. */
export async function requireClient(shop: ShopRuntime, originHref: string): Promise<number> {
  const auth = await settledAuth(shop);
  if (auth.status === 'guest') {
    throw redirect({ to: '/login', search: { redirect: safeRedirectPath(originHref) ?? undefined } });
  }
  if (auth.status !== 'client' || auth.identity.clientId === null) throw redirect({ to: '/' });
  return auth.identity.clientId;
}

/**
 * /admin: staff only; a guest signs in on /admin/login. Resolves with the staff member's role, so the
 * back office can send them away from a section their role does not open.
 */
export async function requireAdmin(shop: ShopRuntime): Promise<StaffRole | undefined> {
  const auth = await settledAuth(shop);
  if (auth.status === 'guest') throw redirect({ to: '/admin/login' });
  if (auth.status !== 'admin') throw redirect({ to: '/' });
  return auth.identity.staffRole;
}
