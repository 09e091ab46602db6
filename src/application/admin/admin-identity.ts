import type { StorageSlot } from '../ports/key-value-storage.port';

/**
 * The e-mail the administrator signed in with in this browser, shown in the back office's sidebar.
 * The session check answers only the role, so the address typed at /admin/login is remembered here
 * and forgotten on sign-out; a session from elsewhere shows «Администратор» instead.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ADMIN_EMAIL_SLOT: StorageSlot<string | null> = {
  key: 'adminEmail',
  decode: (raw) => (raw !== null && raw.length <= 254 && EMAIL.test(raw.trim()) ? raw.trim() : null),
  encode: (value) => value ?? '',
};

export const ADMIN_FALLBACK_LABEL = 'Администратор';
