import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  checkPassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PROBLEM_MESSAGES,
} from '../../../../shared-rules/password-rule';
import type { AuthAnswer, Credentials } from '../../../application/ports/auth.port';
import {
  EMAIL_FORMAT_MESSAGE,
  isValidEmail,
  isValidPhone,
  PHONE_FORMAT_MESSAGE,
} from '../../../domain/contact-form-validation';
import { nextPhoneFieldValue } from '../../components/phone-field-mask';
import { TextField } from '../../components/text-field';
import {
  AccessCard,
  type AccessErrors,
  type AccessStatus,
  EmailField,
  NewPasswordFields,
  PasswordField,
  SubmitRow,
  useAccessForm,
} from './access-form-fields';
import { safeRedirectPath, settledAuth } from './auth-guards';
import * as layout from './client.css';
import { type AuthView, authActorOf, useAuthView, useServices, useShop } from './shop-hooks';

/**
 * The access screens: client sign-in, registration, the forgotten password, the permanent-password
 * step after a temporary one, and the administrator's sign-in. Each calls the auth port and hands its
 * answer to the auth machine (auth.answered: the server's answer already says who the visitor is, so
 * there is no second check-auth request) before moving on, so the header, cart and favourites follow
 * the new identity.
 */

export const ACCESS_MESSAGES = {
  emailRequired: 'Укажите email',
  passwordRequired: 'Введите пароль',
  passwordsDiffer: 'Пароли не совпадают',
  passwordUnchanged: 'Новый пароль должен отличаться от временного',
  nameTooLong: 'Не более 200 символов',
  loginFailed: 'Неверный email или пароль',
  registerFailed: 'Не удалось зарегистрироваться. Попробуйте ещё раз.',
  forgotFailed: 'Не удалось отправить письмо. Попробуйте ещё раз.',
  changeFailed: 'Не удалось сменить пароль. Попробуйте ещё раз.',
  subscribedExisting: 'Этот email уже зарегистрирован. Войдите, чтобы продолжить.',
} as const;

/** The shop's one password rule (shared-rules/password-rule.ts): the server refuses with the same texts. */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

export function emailError(email: string): string | null {
  const value = email.trim();
  if (value === '') return ACCESS_MESSAGES.emailRequired;
  return isValidEmail(value) && value.length <= 254 ? null : EMAIL_FORMAT_MESSAGE;
}

export function newPasswordError(password: string): string | null {
  if (password === '') return ACCESS_MESSAGES.passwordRequired;
  const check = checkPassword(password);
  return check.ok ? null : PASSWORD_PROBLEM_MESSAGES[check.problem];
}

/**
 * Hands the server's answer (sign-in, registration, password change: the same as check-auth's) to the
 * auth machine and resolves with the identity it settled on; no second request to the server.
 */
function useAcceptAuthAnswer(): (answer: AuthAnswer) => Promise<AuthView> {
  const shop = useShop();
  return async (answer) => {
    authActorOf(shop).send({ type: 'auth.answered', answer });
    return settledAuth(shop);
  };
}

/** Where a signed-in visitor goes when no origin was remembered. */
function useGoHome() {
  const navigate = useNavigate();
  return async (auth: AuthView, redirect: string | null) => {
    const target = safeRedirectPath(redirect);
    if (target) await navigate({ href: target });
    else if (auth.status === 'client' && auth.identity.clientId !== null)
      await navigate({ to: '/orders/$clientId', params: { clientId: String(auth.identity.clientId) } });
    else if (auth.status === 'admin') await navigate({ to: '/admin' });
    else await navigate({ to: '/' });
  };
}

export interface LoginViewProps {
  readonly redirect: string | null;
  readonly email?: string;
  readonly showMessage?: boolean;
}

/** The errors of a sign-in form (client's or administrator's): a valid email and a non-empty password. */
function signInErrors(email: string, password: string): AccessErrors {
  return {
    email: emailError(email) ?? undefined,
    password: password === '' ? ACCESS_MESSAGES.passwordRequired : undefined,
  };
}

/** The email-and-password form with its 'Войти' button, shared by the client's and the administrator's sign-in. */
function SignInForm({
  initialEmail = '',
  emailAutoComplete,
  send,
}: {
  initialEmail?: string;
  /** The administrator's form asks the browser for a 'username' rather than the client's saved email. */
  emailAutoComplete: 'email' | 'username';
  /** Signs in with the checked, trimmed credentials; resolves as `useAccessForm`'s `send` does. */
  send: (credentials: Credentials) => Promise<AccessStatus | undefined>;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const { errors, status, submit } = useAccessForm({
    validate: () => signInErrors(email, password),
    send: () => send({ email: email.trim(), password }),
    failedMessage: ACCESS_MESSAGES.loginFailed,
  });
  return (
    <form className={layout.stack} onSubmit={submit} noValidate>
      <EmailField
        autoComplete={emailAutoComplete}
        value={email}
        error={errors.email}
        onValueChange={setEmail}
      />
      <PasswordField
        label="Пароль"
        name="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onValueChange={setPassword}
      />
      <SubmitRow status={status} label="Войти" sendingLabel="Входим…" />
    </form>
  );
}

export function LoginView({ redirect, email: initialEmail = '', showMessage = false }: LoginViewProps) {
  const services = useServices();
  const navigate = useNavigate();
  const accept = useAcceptAuthAnswer();
  const goHome = useGoHome();
  const signIn = async (credentials: Credentials) => {
    const answer = await services.auth.login(credentials);
    const auth = await accept(answer);
    if (answer.tempPasswordActive) {
      const target = safeRedirectPath(redirect);
      await navigate({ to: '/set-password', search: target ? { redirect: target } : {} });
    } else {
      await goHome(auth, redirect);
    }
    return undefined;
  };

  return (
    <AccessCard
      title="Вход в личный кабинет"
      footer={
        <>
          <Link to="/forgot-password" className={layout.link}>
            Забыли пароль?
          </Link>
          <p className={layout.muted}>
            Нет аккаунта?{' '}
            <Link to="/register" search={redirect ? { redirect } : {}} className={layout.link}>
              Зарегистрируйтесь
            </Link>
          </p>
        </>
      }
    >
      {showMessage && <p className={layout.notice.info}>{ACCESS_MESSAGES.subscribedExisting}</p>}
      <SignInForm initialEmail={initialEmail} emailAutoComplete="email" send={signIn} />
    </AccessCard>
  );
}

interface RegisterValues {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
  readonly repeat: string;
}

export function registerErrors(values: RegisterValues): AccessErrors {
  const phone = values.phone.trim();
  return {
    name: [...values.name.trim()].length > 200 ? ACCESS_MESSAGES.nameTooLong : undefined,
    email: emailError(values.email) ?? undefined,
    phone: phone !== '' && !isValidPhone(phone) ? PHONE_FORMAT_MESSAGE : undefined,
    password: newPasswordError(values.password) ?? undefined,
    repeat: values.repeat !== values.password ? ACCESS_MESSAGES.passwordsDiffer : undefined,
  };
}

export function RegisterView({ redirect }: { redirect: string | null }) {
  const services = useServices();
  const accept = useAcceptAuthAnswer();
  const goHome = useGoHome();
  const [values, setValues] = useState<RegisterValues>({
    name: '',
    email: '',
    phone: '',
    password: '',
    repeat: '',
  });
  const update = (key: keyof RegisterValues) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const { errors, status, submit } = useAccessForm({
    validate: () => registerErrors(values),
    send: async () => {
      const name = values.name.trim();
      const phone = values.phone.trim();
      const answer = await services.auth.register({
        email: values.email.trim(),
        password: values.password,
        ...(phone !== '' ? { phone } : {}),
        ...(name !== '' ? { name } : {}),
      });
      await goHome(await accept(answer), redirect);
      return undefined;
    },
    failedMessage: ACCESS_MESSAGES.registerFailed,
  });

  return (
    <AccessCard
      title="Регистрация"
      footer={
        <p className={layout.muted}>
          Уже есть аккаунт?{' '}
          <Link to="/login" search={redirect ? { redirect } : {}} className={layout.link}>
            Войдите
          </Link>
        </p>
      }
    >
      <form className={layout.stack} onSubmit={submit} noValidate>
        <TextField
          label="Имя"
          name="name"
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(event) => update('name')(event.target.value)}
        />
        <EmailField value={values.email} error={errors.email} onValueChange={update('email')} />
        <TextField
          label="Телефон"
          type="tel"
          name="phone"
          autoComplete="tel"
          value={values.phone}
          error={errors.phone}
          onChange={(event) => update('phone')(nextPhoneFieldValue(values.phone, event.target.value))}
        />
        <NewPasswordFields
          label="Пароль"
          repeatLabel="Повторите пароль"
          password={values.password}
          repeat={values.repeat}
          errors={errors}
          onPasswordChange={update('password')}
          onRepeatChange={update('repeat')}
        />
        <p className={layout.muted}>
          Нажимая «Зарегистрироваться», вы соглашаетесь на{' '}
          <a href="/consent" target="_blank" rel="noopener" className={layout.link}>
            обработку персональных данных
          </a>
          .
        </p>
        <SubmitRow status={status} label="Зарегистрироваться" sendingLabel="Регистрируем…" />
      </form>
    </AccessCard>
  );
}

export function ForgotPasswordView() {
  const services = useServices();
  const [email, setEmail] = useState('');
  const { errors, status, submit } = useAccessForm({
    validate: () => ({ email: emailError(email) ?? undefined }),
    send: async () => ({ kind: 'done', message: await services.auth.forgotPassword(email.trim()) }),
    failedMessage: ACCESS_MESSAGES.forgotFailed,
  });

  return (
    <AccessCard
      title="Восстановление пароля"
      footer={
        <Link to="/login" className={layout.link}>
          Вернуться ко входу
        </Link>
      }
    >
      <p className={layout.muted}>
        Укажите email, с которым вы регистрировались: мы пришлём временный пароль. После входа с ним предложим
        задать постоянный.
      </p>
      <form className={layout.stack} onSubmit={submit} noValidate>
        <EmailField value={email} error={errors.email} onValueChange={setEmail} />
        <SubmitRow status={status} label="Прислать временный пароль" sendingLabel="Отправляем…" />
      </form>
    </AccessCard>
  );
}

export function SetPasswordView({ redirect }: { redirect: string | null }) {
  const services = useServices();
  const accept = useAcceptAuthAnswer();
  const goHome = useGoHome();
  const auth = useAuthView();
  const [current, setCurrent] = useState(auth.tempPassword ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { errors, status, submit } = useAccessForm({
    validate: () => ({
      current: current === '' ? ACCESS_MESSAGES.passwordRequired : undefined,
      password:
        newPasswordError(password) ?? (password === current ? ACCESS_MESSAGES.passwordUnchanged : undefined),
      repeat: repeat !== password ? ACCESS_MESSAGES.passwordsDiffer : undefined,
    }),
    send: async () => {
      const answer = await services.auth.changePassword({ currentPassword: current, newPassword: password });
      await goHome(await accept(answer), redirect);
      return undefined;
    },
    failedMessage: ACCESS_MESSAGES.changeFailed,
  });

  return (
    <AccessCard title="Задайте постоянный пароль">
      <p className={layout.muted}>
        Вы вошли с временным паролем. Придумайте свой — временный после этого перестанет действовать.
      </p>
      <form className={layout.stack} onSubmit={submit} noValidate>
        <PasswordField
          label="Временный пароль"
          name="current"
          autoComplete="current-password"
          value={current}
          error={errors.current}
          onValueChange={setCurrent}
        />
        <NewPasswordFields
          label="Новый пароль"
          repeatLabel="Повторите новый пароль"
          password={password}
          repeat={repeat}
          errors={errors}
          onPasswordChange={setPassword}
          onRepeatChange={setRepeat}
        />
        <SubmitRow status={status} label="Сохранить пароль" sendingLabel="Сохраняем…" />
      </form>
    </AccessCard>
  );
}

/** `onSignedIn` hears the address an administrator signed in with (the back office shows it). */
export function AdminLoginView({ onSignedIn }: { onSignedIn?: (email: string) => void } = {}) {
  const services = useServices();
  const navigate = useNavigate();
  const accept = useAcceptAuthAnswer();
  const signIn = async (credentials: Credentials): Promise<AccessStatus | undefined> => {
    const auth = await accept(await services.auth.adminLogin(credentials));
    if (auth.status !== 'admin') return { kind: 'failed', message: ACCESS_MESSAGES.loginFailed };
    onSignedIn?.(credentials.email);
    await navigate({ to: '/admin' });
    return undefined;
  };

  return (
    <AccessCard title="Вход для администратора">
      <SignInForm emailAutoComplete="username" send={signIn} />
    </AccessCard>
  );
}
