import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { STAFF_ROLE_LABELS } from '../../../../shared-rules/staff-role-rule';
import {
  type PasswordDraft,
  passwordErrors,
  profileScreen,
  type profileScreenMachine,
} from '../../../application/admin/profile/profile-screen.machine';
import type { StaffProfile } from '../../../application/ports/admin-staff.port';
import { NEW_PASSWORD_HINT } from '../../../domain/access-form-validation';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { Card, Field, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { PageHeader } from '../page-header';

type ScreenActor = ActorRefFrom<typeof profileScreenMachine>;

const PASSWORD_FIELDS: readonly {
  readonly key: keyof PasswordDraft;
  readonly label: string;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly hint?: string;
}[] = [
  { key: 'current', label: 'Текущий пароль', autoComplete: 'current-password' },
  { key: 'next', label: 'Новый пароль', autoComplete: 'new-password', hint: NEW_PASSWORD_HINT },
  { key: 'repeat', label: 'Повторите новый пароль', autoComplete: 'new-password' },
];

function PasswordCard({ screen }: { screen: ScreenActor }) {
  const draft = useSelector(screen, (snapshot) => snapshot.context.passwords);
  const shown = useSelector(screen, (snapshot) => snapshot.context.showPasswordErrors);
  const serverErrors = useSelector(screen, (snapshot) => snapshot.context.passwordServerErrors);
  const failure = useSelector(screen, (snapshot) => snapshot.context.passwordFailure);
  const notice = useSelector(screen, (snapshot) => snapshot.context.passwordNotice);
  const busy = useSelector(screen, (snapshot) => snapshot.hasTag('passwordBusy'));
  const errors = { ...(shown ? passwordErrors(draft) : {}), ...serverErrors };
  return (
    <Card title="Пароль">
      <form
        className={ui.stack}
        aria-label="Смена пароля"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          screen.send({ type: 'password.submitted' });
        }}
      >
        <div className={ui.formGrid}>
          {PASSWORD_FIELDS.map((field) => (
            <Field key={field.key} label={field.label} hint={field.hint} error={errors[field.key]}>
              {(control) => (
                <input
                  {...control}
                  type="password"
                  className={ui.control}
                  autoComplete={field.autoComplete}
                  readOnly={busy}
                  value={draft[field.key]}
                  onChange={(event) =>
                    screen.send({ type: 'password.edited', patch: { [field.key]: event.target.value } })
                  }
                />
              )}
            </Field>
          ))}
        </div>
        {failure !== null && (
          <Notice tone="error" role="alert">
            {failure}
          </Notice>
        )}
        {notice !== null && (
          <Notice tone="success" role="status">
            {notice}
          </Notice>
        )}
        <div className={ui.row}>
          <Button type="submit" size="s" disabled={busy}>
            {busy ? 'Сохраняем…' : 'Сменить пароль'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The code field of the second factor's forms (the first code, or the code that turns it off). */
function CodeField({ screen, label, hint }: { screen: ScreenActor; label: string; hint: string }) {
  const code = useSelector(screen, (snapshot) => snapshot.context.code);
  const error = useSelector(screen, (snapshot) => snapshot.context.codeError);
  const busy = useSelector(screen, (snapshot) => snapshot.hasTag('totpBusy'));
  return (
    <Field label={label} hint={hint} error={error ?? undefined}>
      {(control) => (
        <input
          {...control}
          className={ui.control}
          autoComplete="one-time-code"
          readOnly={busy}
          value={code}
          onChange={(event) => screen.send({ type: 'totp.codeEdited', code: event.target.value })}
        />
      )}
    </Field>
  );
}

function SecondFactorCard({ screen }: { screen: ScreenActor }) {
  const state = useSelector(screen, (snapshot) => snapshot.value.secondFactor);
  const enrolment = useSelector(screen, (snapshot) => snapshot.context.enrolment);
  const recoveryCodes = useSelector(screen, (snapshot) => snapshot.context.recoveryCodes);
  const left = useSelector(screen, (snapshot) => snapshot.context.profile.recoveryCodesLeft);
  const failure = useSelector(screen, (snapshot) => snapshot.context.totpFailure);
  const notice = useSelector(screen, (snapshot) => snapshot.context.totpNotice);
  const busy = useSelector(screen, (snapshot) => snapshot.hasTag('totpBusy'));
  const submit =
    (type: 'totp.confirmSubmitted' | 'totp.disableSubmitted') => (event: { preventDefault(): void }) => {
      event.preventDefault();
      screen.send({ type });
    };
  return (
    <Card title="Вход по коду из приложения">
      <div className={ui.stack}>
        {failure !== null && (
          <Notice tone="error" role="alert">
            {failure}
          </Notice>
        )}
        {notice !== null && (
          <Notice tone="success" role="status">
            {notice}
          </Notice>
        )}
        {(state === 'off' || state === 'starting') && (
          <>
            <p className={ui.muted}>
              Второй фактор защищает вход, даже если пароль узнают: после пароля панель спросит 6 цифр из
              приложения-аутентификатора (Яндекс Ключ, Google Authenticator и другие).
            </p>
            <div className={ui.row}>
              <Button size="s" disabled={busy} onClick={() => screen.send({ type: 'totp.setupRequested' })}>
                {busy ? 'Готовим ключ…' : 'Подключить'}
              </Button>
            </div>
          </>
        )}
        {(state === 'enrolling' || state === 'confirming') && enrolment !== null && (
          <form
            className={ui.stack}
            aria-label="Подключение кода"
            noValidate
            onSubmit={submit('totp.confirmSubmitted')}
          >
            <p>1. Отсканируйте QR-код приложением-аутентификатором или введите ключ вручную.</p>
            <img
              src={enrolment.qrCode}
              alt="QR-код для приложения-аутентификатора"
              width={200}
              height={200}
            />
            <p>
              Ключ для ввода вручную: <code data-testid="totp-secret">{enrolment.secret}</code>
            </p>
            <p>2. Введите код, который показывает приложение.</p>
            <CodeField screen={screen} label="Код из приложения" hint="6 цифр" />
            <div className={ui.row}>
              <Button type="submit" size="s" disabled={busy}>
                {busy ? 'Проверяем…' : 'Включить'}
              </Button>
              <Button
                size="s"
                variant="secondary"
                disabled={busy}
                onClick={() => screen.send({ type: 'totp.setupCancelled' })}
              >
                Отмена
              </Button>
            </div>
          </form>
        )}
        {state === 'showingRecoveryCodes' && recoveryCodes !== null && (
          <div className={ui.stack}>
            <p className={ui.strong}>
              Коды восстановления — сохраните их сейчас, больше они не покажутся. Каждый код заменяет код из
              приложения один раз, если телефона нет под рукой.
            </p>
            <ul aria-label="Коды восстановления">
              {recoveryCodes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
            <div className={ui.row}>
              <Button size="s" onClick={() => screen.send({ type: 'totp.recoveryCodesSaved' })}>
                Я сохранил коды
              </Button>
            </div>
          </div>
        )}
        {(state === 'on' || state === 'disabling') && (
          <form
            className={ui.stack}
            aria-label="Отключение кода"
            noValidate
            onSubmit={submit('totp.disableSubmitted')}
          >
            <p>
              Включён: при каждом входе панель спрашивает код из приложения. Осталось кодов восстановления:{' '}
              {left}.
            </p>
            <CodeField
              screen={screen}
              label="Код для отключения"
              hint="6 цифр из приложения или код восстановления"
            />
            <div className={ui.row}>
              <Button type="submit" size="s" variant="secondary" disabled={busy}>
                {busy ? 'Отключаем…' : 'Отключить'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}

/**
 * «Профиль» (/admin/profile): the signed-in staff member's name, e-mail and role, their own password
 * and the second factor. The view renders the screen machine's state and sends it events.
 */
export function ProfileScreen({ profile }: { profile: StaffProfile }) {
  const screen = useActorRef(useUseCase(profileScreen), { input: { profile } });
  return (
    <>
      <PageHeader title="Профиль" subtitle="Ваша учётная запись в панели управления" />
      <div className={ui.stack} style={{ marginTop: '16px' }}>
        <Card title="Учётная запись">
          <dl className={ui.stack}>
            <div>
              <dt className={ui.muted}>Имя</dt>
              <dd>{profile.name ?? '—'}</dd>
            </div>
            <div>
              <dt className={ui.muted}>E-mail</dt>
              <dd>{profile.email}</dd>
            </div>
            <div>
              <dt className={ui.muted}>Роль</dt>
              <dd>{STAFF_ROLE_LABELS[profile.role]}</dd>
            </div>
          </dl>
        </Card>
        <PasswordCard screen={screen} />
        <SecondFactorCard screen={screen} />
      </div>
    </>
  );
}
