import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { accessForm, type accessFormMachine } from '../../../application/machines/access-form.machine';
import type { AuthAnswer } from '../../../application/ports/auth.port';
import {
  type AccessField,
  type AccessFormKind,
  type AccessValues,
  NEW_PASSWORD_HINT,
} from '../../../domain/access-form-validation';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { useShopRuntime, useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';
import { authActorOf } from './shop-hooks';

/**
 * The pieces every access screen (sign-in, registration, forgotten password, permanent password,
 * administrator's sign-in) is built from: the card, the e-mail and password fields, the status line
 * with the submit button — all reading one access-form machine (application/machines/
 * access-form.machine.ts), which validates, calls the auth port and hands its answer to the auth
 * machine. The screens only show its state and send it what the visitor does.
 */

export type AccessFormActor = ActorRefFrom<typeof accessFormMachine>;

export interface AccessFormOptions {
  /** Values the form starts with (the e-mail from a link, the temporary password). */
  readonly values?: Partial<AccessValues>;
  /** The server said who the visitor now is (the auth machine already knows): move on. */
  readonly onSignedIn?: (answer: AuthAnswer) => void;
}

/** The screen's access-form machine (the `accessForm` use case), telling the shop's auth machine. */
export function useAccessFormActor(kind: AccessFormKind, options: AccessFormOptions = {}): AccessFormActor {
  const accessFormFor = useUseCase(accessForm);
  const shop = useShopRuntime();
  const machine = useMemo(
    () => accessFormFor((answer) => authActorOf(shop).send({ type: 'auth.answered', answer })),
    [accessFormFor, shop],
  );
  const actor = useActorRef(machine, { input: { kind, values: options.values } });
  const onSignedIn = useRef(options.onSignedIn);
  onSignedIn.current = options.onSignedIn;
  useEffect(() => {
    const subscription = actor.on('access.signedIn', (event) => onSignedIn.current?.(event.answer));
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}

/** A controlled field of an access form: the value, its validation message, and a setter for it. */
interface AccessFieldProps {
  readonly value: string;
  readonly error: string | undefined;
  readonly onValueChange: (value: string) => void;
}

/** One field of the form as the machine holds it; typing is sent back as `access.fieldChanged`. */
export function useAccessField(actor: AccessFormActor, field: AccessField): AccessFieldProps {
  const value = useSelector(actor, (snapshot) => snapshot.context.values[field]);
  const error = useSelector(actor, (snapshot) => snapshot.context.errors[field]);
  return {
    value,
    error,
    onValueChange: (next) => actor.send({ type: 'access.fieldChanged', field, value: next }),
  };
}

/** The form element: a submit (button or Enter) is the machine's `access.submitted`. */
export function AccessForm({ actor, children }: { actor: AccessFormActor; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'access.submitted' });
  };
  return (
    <form className={layout.stack} onSubmit={submit} noValidate>
      {children}
    </form>
  );
}

export function AccessCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
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

/** The required 'Email' field; the administrator's form asks the browser for a 'username' instead. */
export function EmailField({
  value,
  error,
  onValueChange,
  autoComplete = 'email',
}: AccessFieldProps & { readonly autoComplete?: 'email' | 'username' }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete={autoComplete}
      required
      value={value}
      error={error}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** A required password field; `autoComplete` tells the browser whether to offer a saved or a new one. */
export function PasswordField({
  label,
  name,
  autoComplete,
  hint,
  value,
  error,
  onValueChange,
}: AccessFieldProps & {
  readonly label: string;
  readonly name: string;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly hint?: string;
}) {
  return (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete={autoComplete}
      required
      hint={hint}
      value={value}
      error={error}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** The pair of fields where a new password is chosen and typed again to rule out a typo. */
export function NewPasswordFields({
  actor,
  label,
  repeatLabel,
}: {
  actor: AccessFormActor;
  label: string;
  repeatLabel: string;
}) {
  const password = useAccessField(actor, 'password');
  const repeat = useAccessField(actor, 'repeat');
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        {...password}
      />
      <PasswordField label={repeatLabel} name="repeat" autoComplete="new-password" {...repeat} />
    </>
  );
}

/** The end of every access form: the failure or the server's confirmation, then the submit button. */
export function SubmitRow({
  actor,
  label,
  sendingLabel,
}: {
  actor: AccessFormActor;
  label: string;
  sendingLabel: string;
}) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice);
  return (
    <>
      {failure !== null && (
        <p className={layout.notice.error} role="alert">
          {failure}
        </p>
      )}
      {notice !== null && (
        <p className={layout.notice.success} role="status">
          {notice}
        </p>
      )}
      <Button type="submit" size="l" fullWidth disabled={busy}>
        {busy ? sendingLabel : label}
      </Button>
    </>
  );
}
