import {
  adminLogin,
  changePassword,
  checkAuth,
  forgotPassword,
  login,
  logout,
  register,
} from '../../../api/auth';
import { apiError, ErrorCode } from '../../../api/errors';
import { PASSWORD_PROBLEM_MESSAGES } from '../../../shared-rules/password-rule';
import { storedPhone } from '../../../shared-rules/phone-number';
import { authStateOf } from '../../application/auth.service';
import { normaliseEmail } from '../../domain/contact-validation';
import type { RouteModule } from '../app';
import { ApiFailure, failure } from '../contract';
import {
  callerOf,
  clearSessionCookie,
  deviceToken,
  installSession,
  ipOf,
  type SessionSettings,
  sessionToken,
  setDeviceCookie,
  setSessionCookie,
  tooManyRequests,
} from './session.hooks';

const INVALID_CREDENTIALS_MESSAGE = 'Неверный email или пароль.';
const SECOND_FACTOR_MESSAGES = {
  second_factor_required: 'Введите код из приложения.',
  second_factor_invalid: 'Неверный код из приложения. Попробуйте ещё раз или введите код восстановления.',
} as const;
const BLOCKED_MESSAGE = 'Ваш доступ к панели управления закрыт. Обратитесь к владельцу магазина.';
const EMAIL_TAKEN_MESSAGE =
  'Пользователь с таким email уже зарегистрирован. Войдите или восстановите пароль.';
const FORGOT_PASSWORD_MESSAGE =
  'Если аккаунт с этим email существует, мы отправили на него временный пароль. Проверьте почту.';
const WRONG_CURRENT_PASSWORD_MESSAGE = 'Текущий пароль указан неверно.';

/**
 * Accounts and sessions. This module also installs the session cookie parser and the CSRF guard for
 * every /api/ route, so it is registered before the other account-aware modules.
 */
export function authRoutes(settings: SessionSettings): RouteModule {
  const { auth } = settings;
  return {
    name: 'auth',
    async register(app, router) {
      await installSession(app, settings);

      router.route(checkAuth, async ({ raw }) => authStateOf(await callerOf(raw, settings)));

      for (const [endpoint, role] of [
        [login, 'user'],
        [adminLogin, 'admin'],
      ] as const) {
        router.route(endpoint, async ({ body, raw, reply }) => {
          const device = deviceToken(raw, settings);
          const result = await auth.login(
            {
              email: normaliseEmail(body.email),
              password: body.password,
              ip: ipOf(raw, settings),
              role,
              ...(device !== undefined ? { deviceToken: device } : {}),
              ...('code' in body && body.code !== undefined ? { code: body.code } : {}),
            },
            sessionToken(raw, settings),
          );
          if (!result.ok) {
            if (result.error === 'rate_limited') return tooManyRequests(reply, result.retryAfterSeconds);
            if (result.error === 'blocked') return failure(ErrorCode.forbidden, BLOCKED_MESSAGE);
            if (result.error === 'second_factor_required' || result.error === 'second_factor_invalid') {
              return new ApiFailure(401, apiError(result.error, SECOND_FACTOR_MESSAGES[result.error]));
            }
            return failure(ErrorCode.unauthorized, INVALID_CREDENTIALS_MESSAGE);
          }
          setSessionCookie(reply, settings, result.token, result.role);
          if (result.device !== undefined) setDeviceCookie(reply, settings, result.device);
          return result.state;
        });
      }

      router.route(register, async ({ body, raw, reply }) => {
        const result = await auth.register(
          {
            email: normaliseEmail(body.email),
            password: body.password,
            ip: ipOf(raw, settings),
            ...(body.name !== undefined ? { name: body.name.trim() } : {}),
            ...(body.phone !== undefined ? { phone: storedPhone(body.phone) } : {}),
          },
          sessionToken(raw, settings),
        );
        if (!result.ok) {
          if (result.error === 'rate_limited') return tooManyRequests(reply, result.retryAfterSeconds);
          if (result.error === 'email_taken') return failure(ErrorCode.conflict, EMAIL_TAKEN_MESSAGE);
          if (result.error === 'weak_password') {
            return failure(ErrorCode.badRequest, PASSWORD_PROBLEM_MESSAGES[result.problem], 422);
          }
          return failure(ErrorCode.unauthorized, INVALID_CREDENTIALS_MESSAGE);
        }
        setSessionCookie(reply, settings, result.token, result.role);
        return result.state;
      });

      router.route(logout, async ({ raw, reply }) => {
        await auth.logout(sessionToken(raw, settings));
        clearSessionCookie(reply, settings);
        return { ok: true };
      });

      router.route(forgotPassword, async ({ body, raw }) => {
        await auth.forgotPassword(normaliseEmail(body.email), ipOf(raw, settings));
        return { ok: true, message: FORGOT_PASSWORD_MESSAGE };
      });

      router.route(changePassword, async ({ body, raw, reply }) => {
        const result = await auth.changePassword(await callerOf(raw, settings), {
          newPassword: body.newPassword,
          ip: ipOf(raw, settings),
          ...(body.currentPassword !== undefined ? { currentPassword: body.currentPassword } : {}),
        });
        if (!result.ok) {
          if (result.error === 'unauthorized') return failure(ErrorCode.unauthorized);
          if (result.error === 'rate_limited') return tooManyRequests(reply, result.retryAfterSeconds);
          if (result.error === 'weak_password') {
            return failure(ErrorCode.badRequest, PASSWORD_PROBLEM_MESSAGES[result.problem], 422);
          }
          return failure(ErrorCode.unauthorized, WRONG_CURRENT_PASSWORD_MESSAGE);
        }
        setSessionCookie(reply, settings, result.token, result.role);
        return result.state;
      });
    },
  };
}
