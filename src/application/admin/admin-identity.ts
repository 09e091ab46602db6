import { isValidEmail } from '../../../shared-rules/email-rule';
import { KEY_VALUE_STORAGE_PORT, type StorageSlot } from '../ports/key-value-storage.port';
import { defineUseCase } from '../use-case';

/**
 * The e-mail the administrator signed in with in this browser, shown in the back office's sidebar.
 * The session check answers only the role, so the address typed at /admin/login is remembered here
 * and forgotten on sign-out; a session from elsewhere shows «Администратор» instead.
 */
const ADMIN_EMAIL_SLOT: StorageSlot<string | null> = {
  key: 'adminEmail',
  decode: (raw) => (raw !== null && isValidEmail(raw.trim()) ? raw.trim() : null),
  encode: (value) => value ?? '',
};

const ADMIN_FALLBACK_LABEL = 'Администратор';

/** The signed-in administrator's remembered e-mail: read for the sidebar, kept at sign-in, forgotten at sign-out. */
export const adminIdentity = defineUseCase(
  'admin.identity',
  { storage: KEY_VALUE_STORAGE_PORT },
  ({ storage }) => ({
    label: (): string => storage.read(ADMIN_EMAIL_SLOT) ?? ADMIN_FALLBACK_LABEL,
    remember: (email: string): void => storage.write(ADMIN_EMAIL_SLOT, email),
    forget: (): void => storage.remove(ADMIN_EMAIL_SLOT),
  }),
);
