import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Button } from '../../components/button';
import { nextPhoneFieldValue } from '../../components/phone-field-mask';
import { TextField } from '../../components/text-field';
import { useShopRuntime } from '../../shell/shop-context';
import {
  AccessCard,
  AccessForm,
  type AccessFormActor,
  EmailField,
  NewPasswordFields,
  PasswordField,
  SubmitRow,
  useAccessField,
  useAccessFormActor,
} from './access-form-fields';
import { safeRedirectPath, settledAuth } from './auth-guards';
import * as layout from './client.css';
import { type AuthView, useAuthView } from './shop-hooks';

/**
 * The access screens: client sign-in, registration, the forgotten password, the permanent-password
 * step after a temporary one, and the administrator's sign-in. Each is one access-form machine
 * (application/machines/access-form.machine.ts): it validates, calls the auth port and hands the
 * answer to the auth machine (auth.answered: the server's answer already says who the visitor is, so
 * there is no second check-auth request); the screen shows its state and moves on once signed in, so
 * the header, cart and favourites follow the new identity.
 */

const SUBSCRIBED_EXISTING_MESSAGE = 'Этот email уже зарегистрирован. Войдите, чтобы продолжить.';

/** Where a signed-in visitor goes when no origin was remembered. */
function useGoHome() {
  const navigate = useNavigate();
  const shop = useShopRuntime();
  return async (redirect: string | null) => {
    const auth: AuthView = await settledAuth(shop);
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

/** The email-and-password fields of a sign-in form, shared by the client's and the administrator's. */
function SignInFields({
  actor,
  emailAutoComplete,
}: {
  actor: AccessFormActor;
  /** The administrator's form asks the browser for a 'username' rather than the client's saved email. */
  emailAutoComplete: 'email' | 'username';
}) {
  const email = useAccessField(actor, 'email');
  const password = useAccessField(actor, 'password');
  return (
    <AccessForm actor={actor}>
      <EmailField autoComplete={emailAutoComplete} {...email} />
      <PasswordField label="Пароль" name="password" autoComplete="current-password" {...password} />
      <SubmitRow actor={actor} label="Войти" sendingLabel="Входим…" />
    </AccessForm>
  );
}

export function LoginView({ redirect, email: initialEmail = '', showMessage = false }: LoginViewProps) {
  const navigate = useNavigate();
  const goHome = useGoHome();
  const actor = useAccessFormActor('signIn', {
    values: { email: initialEmail },
    onSignedIn: (answer) => {
      if (answer.tempPasswordActive) {
        const target = safeRedirectPath(redirect);
        void navigate({ to: '/set-password', search: target ? { redirect: target } : {} });
      } else void goHome(redirect);
    },
  });

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
      {showMessage && <p className={layout.notice.info}>{SUBSCRIBED_EXISTING_MESSAGE}</p>}
      <SignInFields actor={actor} emailAutoComplete="email" />
    </AccessCard>
  );
}

export function RegisterView({ redirect }: { redirect: string | null }) {
  const goHome = useGoHome();
  const actor = useAccessFormActor('register', { onSignedIn: () => void goHome(redirect) });
  const name = useAccessField(actor, 'name');
  const email = useAccessField(actor, 'email');
  const phone = useAccessField(actor, 'phone');

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
      <AccessForm actor={actor}>
        <TextField
          label="Имя"
          name="name"
          autoComplete="name"
          value={name.value}
          error={name.error}
          onChange={(event) => name.onValueChange(event.target.value)}
        />
        <EmailField {...email} />
        <TextField
          label="Телефон"
          type="tel"
          name="phone"
          autoComplete="tel"
          value={phone.value}
          error={phone.error}
          onChange={(event) => phone.onValueChange(nextPhoneFieldValue(phone.value, event.target.value))}
        />
        <NewPasswordFields actor={actor} label="Пароль" repeatLabel="Повторите пароль" />
        <p className={layout.muted}>
          Нажимая «Зарегистрироваться», вы соглашаетесь на{' '}
          <a href="/consent" target="_blank" rel="noopener" className={layout.link}>
            обработку персональных данных
          </a>
          .
        </p>
        <SubmitRow actor={actor} label="Зарегистрироваться" sendingLabel="Регистрируем…" />
      </AccessForm>
    </AccessCard>
  );
}

export function ForgotPasswordView() {
  const actor = useAccessFormActor('forgotPassword');
  const email = useAccessField(actor, 'email');

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
      <AccessForm actor={actor}>
        <EmailField {...email} />
        <SubmitRow actor={actor} label="Прислать временный пароль" sendingLabel="Отправляем…" />
      </AccessForm>
    </AccessCard>
  );
}

export function SetPasswordView({ redirect }: { redirect: string | null }) {
  const goHome = useGoHome();
  const auth = useAuthView();
  const actor = useAccessFormActor('setPassword', {
    values: { current: auth.tempPassword ?? '' },
    onSignedIn: () => void goHome(redirect),
  });
  const current = useAccessField(actor, 'current');

  return (
    <AccessCard title="Задайте постоянный пароль">
      <p className={layout.muted}>
        Вы вошли с временным паролем. Придумайте свой — временный после этого перестанет действовать.
      </p>
      <AccessForm actor={actor}>
        <PasswordField label="Временный пароль" name="current" autoComplete="current-password" {...current} />
        <NewPasswordFields actor={actor} label="Новый пароль" repeatLabel="Повторите новый пароль" />
        <SubmitRow actor={actor} label="Сохранить пароль" sendingLabel="Сохраняем…" />
      </AccessForm>
    </AccessCard>
  );
}

/**
 * The administrator's sign-in. With the second factor on, the server answers the password with
 * `second_factor_required` and the machine asks for «Код из приложения» (docs/staff.md); the e-mail and
 * password stay in the machine and are sent again with the code. `onSignedIn` hears the address an
 * administrator signed in with (the back office shows it).
 */
export function AdminLoginView({ onSignedIn }: { onSignedIn?: (email: string) => void } = {}) {
  const navigate = useNavigate();
  const actor = useAccessFormActor('adminSignIn', {
    onSignedIn: () => {
      onSignedIn?.(actor.getSnapshot().context.values.email.trim());
      void navigate({ to: '/admin' });
    },
  });
  const askingForCode = useSelector(actor, (snapshot) => snapshot.context.secondFactor);

  return (
    <AccessCard title="Вход для администратора">
      {askingForCode ? (
        <SecondFactorStep actor={actor} />
      ) : (
        <SignInFields actor={actor} emailAutoComplete="username" />
      )}
    </AccessCard>
  );
}

/** The second step: the code from the authenticator app, or one of the recovery codes. */
function SecondFactorStep({ actor }: { actor: AccessFormActor }) {
  const code = useAccessField(actor, 'code');
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  return (
    <AccessForm actor={actor}>
      <p className={layout.muted}>
        Для этой учётной записи включён вход по коду. Откройте приложение-аутентификатор и введите 6 цифр или
        один из кодов восстановления.
      </p>
      <TextField
        label="Код из приложения"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        required
        value={code.value}
        error={code.error}
        onChange={(event) => code.onValueChange(event.target.value)}
      />
      <SubmitRow actor={actor} label="Войти" sendingLabel="Проверяем код…" />
      <Button
        type="button"
        variant="ghost"
        disabled={busy}
        onClick={() => actor.send({ type: 'access.restarted' })}
      >
        Войти под другой учётной записью
      </Button>
    </AccessForm>
  );
}
