import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import * as layout from './client.css';
import { failureMessage } from './port-messages';

/**
 * The pieces every access screen (sign-in, registration, forgotten password, permanent password,
 * administrator's sign-in) is built from: the card, the e-mail and password fields, the status line
 * with the submit button, and the submit flow (validate → send → show the failure).
 */

export type AccessErrors = Readonly<Record<string, string | undefined>>;

export type AccessStatus =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; message: string };

function hasErrors(errors: AccessErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

export interface AccessFormOptions {
  /** The field errors for the current values; any message stops the submit. */
  readonly validate: () => AccessErrors;
  /**
   * Calls the port. Resolves with the status to show afterwards, or nothing to stay 'sending'
   * (the screen is navigating away). A thrown failure is shown with `failedMessage` as its fallback.
   */
  readonly send: () => Promise<AccessStatus | undefined>;
  readonly failedMessage: string;
}

/** The shared submit flow of an access form: field errors, the status line, and the submit handler. */
export function useAccessForm({ validate, send, failedMessage }: AccessFormOptions) {
  const [errors, setErrors] = useState<AccessErrors>({});
  const [status, setStatus] = useState<AccessStatus>({ kind: 'editing' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (hasErrors(found)) return;
    setStatus({ kind: 'sending' });
    try {
      const settled = await send();
      if (settled !== undefined) setStatus(settled);
    } catch (error) {
      setStatus({ kind: 'failed', message: failureMessage(error, failedMessage) });
    }
  };

  return { errors, status, submit };
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

/** A controlled field of an access form: the value, its validation message, and a setter for it. */
interface AccessFieldProps {
  readonly value: string;
  readonly error: string | undefined;
  readonly onValueChange: (value: string) => void;
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
  label,
  repeatLabel,
  password,
  repeat,
  errors,
  onPasswordChange,
  onRepeatChange,
}: {
  label: string;
  repeatLabel: string;
  password: string;
  repeat: string;
  errors: AccessErrors;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
}) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        hint="Не короче 8 символов"
        value={password}
        error={errors.password}
        onValueChange={onPasswordChange}
      />
      <PasswordField
        label={repeatLabel}
        name="repeat"
        autoComplete="new-password"
        value={repeat}
        error={errors.repeat}
        onValueChange={onRepeatChange}
      />
    </>
  );
}

function StatusNotice({ status }: { status: AccessStatus }) {
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

/** The end of every access form: the failure or success line, then the submit button. */
export function SubmitRow({
  status,
  label,
  sendingLabel,
}: {
  status: AccessStatus;
  label: string;
  sendingLabel: string;
}) {
  const sending = status.kind === 'sending';
  return (
    <>
      <StatusNotice status={status} />
      <Button type="submit" size="l" fullWidth disabled={sending}>
        {sending ? sendingLabel : label}
      </Button>
    </>
  );
}
