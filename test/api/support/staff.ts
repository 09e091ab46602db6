import type { StaffRole } from '../../../shared-rules/staff-role-rule';
import { ADMIN_EMAIL, ADMIN_PASSWORD, Browser, type ShopTestApp } from './session-client';

export const STAFF_PASSWORD = 'Пароль сотрудника 2026';

export interface SignedInStaff {
  readonly browser: Browser;
  readonly id: number;
  readonly email: string;
}

/** The first administrator (the owner since migration 0017), signed in on the admin form. */
export async function signInOwner(shop: ShopTestApp): Promise<Browser> {
  const owner = new Browser(shop.app);
  const response = await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
  if (response.statusCode !== 200)
    throw new Error(`owner sign-in failed: ${response.statusCode} ${response.body}`);
  return owner;
}

/**
 * A staff member as the owner adds one: created on «Сотрудники», signed in with the mailed temporary
 * password on /admin/login, then with their own password (as the profile asks them to set one).
 */
export async function addStaff(
  shop: ShopTestApp,
  owner: Browser,
  role: StaffRole,
  email: string,
  name = `Сотрудник ${email}`,
): Promise<SignedInStaff> {
  const created = await owner.post('/api/admin/staff', { email, name, role });
  if (created.statusCode !== 201) throw new Error(`staff not created: ${created.statusCode} ${created.body}`);
  const { id } = created.json() as { id: number };
  const browser = new Browser(shop.app);
  const first = await browser.login(email, shop.mailer.tempPasswordOf(email), '/api/admin-login');
  if (first.statusCode !== 200) throw new Error(`staff sign-in failed: ${first.statusCode} ${first.body}`);
  const changed = await browser.post('/api/change-password', { newPassword: STAFF_PASSWORD });
  if (changed.statusCode !== 200) throw new Error(`password not set: ${changed.statusCode} ${changed.body}`);
  return { browser, id, email };
}
