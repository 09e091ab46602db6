import type { Secrets } from '../../application/secrets.port';
import { hashToken, newRandomId, newSessionToken, newTemporaryPassword } from './session-token';

export const nodeSecrets: Secrets = { newSessionToken, hashToken, newTemporaryPassword, newRandomId };
