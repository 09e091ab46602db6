import * as Auth from '../../../api/auth';
import type {
  AdminCredentials,
  AuthAnswer,
  AuthPort,
  Credentials,
  PasswordChange,
  Registration,
} from '../../application/ports/auth.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

/** Spec §3: role from userRole (or role), default 'user'; an admin has no clientId. */
function toAuthAnswer(state: Auth.AuthState): AuthAnswer {
  return {
    authenticated: state.authenticated,
    role: state.userRole ?? 'user',
    clientId: state.clientId ?? null,
    tempPasswordActive: state.tempPasswordActive,
    ...(state.staffRole === undefined ? {} : { staffRole: state.staffRole }),
  };
}

export class AuthHttpAdapter implements AuthPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async checkAuth(options: CallOptions = {}): Promise<AuthAnswer> {
    return toAuthAnswer(await this.api.call(Auth.checkAuth, options));
  }

  async login(credentials: Credentials, options: CallOptions = {}): Promise<AuthAnswer> {
    return toAuthAnswer(await this.api.call(Auth.login, { ...options, body: credentials }));
  }

  async adminLogin(credentials: AdminCredentials, options: CallOptions = {}): Promise<AuthAnswer> {
    return toAuthAnswer(await this.api.call(Auth.adminLogin, { ...options, body: credentials }));
  }

  async register(registration: Registration, options: CallOptions = {}): Promise<AuthAnswer> {
    return toAuthAnswer(await this.api.call(Auth.register, { ...options, body: registration }));
  }

  async forgotPassword(email: string, options: CallOptions = {}): Promise<string> {
    const answer = await this.api.call(Auth.forgotPassword, { ...options, body: { email } });
    return answer.message;
  }

  async changePassword(change: PasswordChange, options: CallOptions = {}): Promise<AuthAnswer> {
    return toAuthAnswer(await this.api.call(Auth.changePassword, { ...options, body: change }));
  }

  async logout(options: CallOptions = {}): Promise<void> {
    await this.api.call(Auth.logout, options);
  }
}
