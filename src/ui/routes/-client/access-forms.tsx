import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  EMAIL_FORMAT_MESSAGE,
  isValidEmail,
  isValidPhone,
  PHONE_FORMAT_MESSAGE,
} from '../../../domain/contact-form-validation';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { safeRedirectPath, settledAuth } from './auth-guards';
import * as layout from './client.css';
import { failureMessage } from './port-messages';
import { type AuthView, authActorOf, useAuthView, useServices, useShop } from './shop-hooks';

/**
 * The access screens: client sign-in, registration, the forgotten password, the permanent-password
 * step after a temporary one, and the administrator's sign-in. Each calls the auth port, then asks
 * the auth machine to re-check the session (auth.refreshRequested) and waits for its answer before
 * moving on, so the header, cart and favourites follow the new identity.
 */

export const ACCESS_MESSAGES = {
  emailRequired: 'Укажите email',
  passwordRequired: 'Введите пароль',
  passwordTooShort: 'Пароль должен быть не короче 8 символов',
  passwordsDiffer: 'Пароли не совпадают',
  passwordUnchanged: 'Новый пароль должен отличаться от временного',
  nameTooLong: 'Не более 200 символов',
  loginFailed: 'Неверный email или пароль',
  registerFailed: 'Не удалось зарегистрироваться. Попробуйте ещё раз.',
  forgotFailed: 'Не удалось отправить письмо. Попробуйте ещё раз.',
  changeFailed: 'Не удалось сменить пароль. Попробуйте ещё раз.',
  subscribedExisting: 'Этот email уже зарегистрирован. Войдите, чтобы продолжить.',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

export function emailError(email: string): string | null {
  const value = email.trim();
  if (value === '') return ACCESS_MESSAGES.emailRequired;
  return isValidEmail(value) && value.length <= 254 ? null : EMAIL_FORMAT_MESSAGE;
}

export function newPasswordError(password: string): string | null {
  if (password === '') return ACCESS_MESSAGES.passwordRequired;
  return [...password].length < MIN_PASSWORD_LENGTH ? ACCESS_MESSAGES.passwordTooShort : null;
}

type Errors = Readonly<Record<string, string | undefined>>;
type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; message: string };

function hasErrors(errors: Errors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

function AccessCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className={layout.narrowPage}>
      <section className={layout.card}>
        <div className={layout.stack}>
          <h1 className={layout.title}>{title}</h1>
          {children}
          {footer && <div className={layout.stack}>{footer}</div>}
        </div>
      </section>
    </div>
  );
}

function StatusNotice({ status }: { status: Status }) {
  if (status.kind === 'failed')
    return (
      <p className={layout.notice.error} role="alert">
        {status.message}
      </p>
    );
  if (status.kind === 'done')
    return (
      <p className={layout.notice.success} role="status">
        {status.message}
      </p>
    );
  return null;
}

/** Re-checks the session through the auth machine and resolves with what it settled on. */
function useRefreshAuth(): () => Promise<AuthView> {
  const shop = useShop();
  return async () => {
    authActorOf(shop).send({ type: 'auth.refreshRequested' });
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

export function LoginView({ redirect, email: initialEmail = '', showMessage = false }: LoginViewProps) {
  const services = useServices();
  const navigate = useNavigate();
  const refresh = useRefreshAuth();
  const goHome = useGoHome();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      email: emailError(email) ?? undefined,
      password: password === '' ? ACCESS_MESSAGES.passwordRequired : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) return;
    setStatus({ kind: 'sending' });
    try {
      const answer = await services.auth.login({ email: email.trim(), password });
      const auth = await refresh();
      if (answer.tempPasswordActive) {
        const target = safeRedirectPath(redirect);
        await navigate({ to: '/set-password', search: target ? { redirect: target } : {} });
      } else {
        await goHome(auth, redirect);
      }
    } catch (error) {
      setStatus({ kind: 'failed', message: failureMessage(error, ACCESS_MESSAGES.loginFailed) });
    }
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
      <form className={layout.stack} onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Пароль"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <StatusNotice status={status} />
        <Button type="submit" size="l" fullWidth disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Входим…' : 'Войти'}
        </Button>
      </form>
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

export function registerErrors(values: RegisterValues): Errors {
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
  const refresh = useRefreshAuth();
  const goHome = useGoHome();
  const [values, setValues] = useState<RegisterValues>({
    name: '',
    email: '',
    phone: '',
    password: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const set = (key: keyof RegisterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = registerErrors(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setStatus({ kind: 'sending' });
    try {
      const name = values.name.trim();
      const phone = values.phone.trim();
      await services.auth.register({
        email: values.email.trim(),
        password: values.password,
        ...(phone !== '' ? { phone } : {}),
        ...(name !== '' ? { name } : {}),
      });
      await goHome(await refresh(), redirect);
    } catch (error) {
      setStatus({ kind: 'failed', message: failureMessage(error, ACCESS_MESSAGES.registerFailed) });
    }
  };

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
          onChange={set('name')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          label="Телефон"
          type="tel"
          name="phone"
          autoComplete="tel"
          value={values.phone}
          error={errors.phone}
          onChange={set('phone')}
        />
        <TextField
          label="Пароль"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint="Не короче 8 символов"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <TextField
          label="Повторите пароль"
          type="password"
          name="repeat"
          autoComplete="new-password"
          required
          value={values.repeat}
          error={errors.repeat}
          onChange={set('repeat')}
        />
        <p className={layout.muted}>
          Нажимая «Зарегистрироваться», вы соглашаетесь на{' '}
          <a href="/consent" target="_blank" rel="noopener" className={layout.link}>
            обработку персональных данных
          </a>
          .
        </p>
        <StatusNotice status={status} />
        <Button type="submit" size="l" fullWidth disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Регистрируем…' : 'Зарегистрироваться'}
        </Button>
      </form>
    </AccessCard>
  );
}

export function ForgotPasswordView() {
  const services = useServices();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    if (found !== null) return;
    setStatus({ kind: 'sending' });
    try {
      const message = await services.auth.forgotPassword(email.trim());
      setStatus({ kind: 'done', message });
    } catch (failure) {
      setStatus({ kind: 'failed', message: failureMessage(failure, ACCESS_MESSAGES.forgotFailed) });
    }
  };

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
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <StatusNotice status={status} />
        <Button type="submit" size="l" fullWidth disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Отправляем…' : 'Прислать временный пароль'}
        </Button>
      </form>
    </AccessCard>
  );
}

export function SetPasswordView({ redirect }: { redirect: string | null }) {
  const services = useServices();
  const refresh = useRefreshAuth();
  const goHome = useGoHome();
  const auth = useAuthView();
  const [current, setCurrent] = useState(auth.tempPassword ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      current: current === '' ? ACCESS_MESSAGES.passwordRequired : undefined,
      password:
        newPasswordError(password) ?? (password === current ? ACCESS_MESSAGES.passwordUnchanged : undefined),
      repeat: repeat !== password ? ACCESS_MESSAGES.passwordsDiffer : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) return;
    setStatus({ kind: 'sending' });
    try {
      await services.auth.changePassword({ currentPassword: current, newPassword: password });
      await goHome(await refresh(), redirect);
    } catch (error) {
      setStatus({ kind: 'failed', message: failureMessage(error, ACCESS_MESSAGES.changeFailed) });
    }
  };

  return (
    <AccessCard title="Задайте постоянный пароль">
      <p className={layout.muted}>
        Вы вошли с временным паролем. Придумайте свой — временный после этого перестанет действовать.
      </p>
      <form className={layout.stack} onSubmit={submit} noValidate>
        <TextField
          label="Временный пароль"
          type="password"
          name="current"
          autoComplete="current-password"
          required
          value={current}
          error={errors.current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <TextField
          label="Новый пароль"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint="Не короче 8 символов"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Повторите новый пароль"
          type="password"
          name="repeat"
          autoComplete="new-password"
          required
          value={repeat}
          error={errors.repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <StatusNotice status={status} />
        <Button type="submit" size="l" fullWidth disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Сохраняем…' : 'Сохранить пароль'}
        </Button>
      </form>
    </AccessCard>
  );
}

export function AdminLoginView() {
  const services = useServices();
  const navigate = useNavigate();
  const refresh = useRefreshAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      email: emailError(email) ?? undefined,
      password: password === '' ? ACCESS_MESSAGES.passwordRequired : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) return;
    setStatus({ kind: 'sending' });
    try {
      await services.auth.adminLogin({ email: email.trim(), password });
      const auth = await refresh();
      if (auth.status === 'admin') await navigate({ to: '/admin' });
      else setStatus({ kind: 'failed', message: ACCESS_MESSAGES.loginFailed });
    } catch (error) {
      setStatus({ kind: 'failed', message: failureMessage(error, ACCESS_MESSAGES.loginFailed) });
    }
  };

  return (
    <AccessCard title="Вход для администратора">
      <form className={layout.stack} onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Пароль"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <StatusNotice status={status} />
        <Button type="submit" size="l" fullWidth disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Входим…' : 'Войти'}
        </Button>
      </form>
    </AccessCard>
  );
}
