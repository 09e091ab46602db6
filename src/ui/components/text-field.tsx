import { type InputHTMLAttributes, useId } from 'react';
import * as styles from './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  readonly label: string;
  /** The validation message (spec §5 texts); sets aria-invalid and is announced through aria-describedby. */
  readonly error?: string | null;
  readonly hint?: string;
}

/** Ids of the hint and error texts, joined for aria-describedby (undefined when there are none). */
export function describedBy(...ids: readonly (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

export function TextField({ label, error, hint, required, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  const hasError = typeof error === 'string' && error !== '';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        id={id}
        type={type}
        className={styles.control}
        required={required}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, hasError && `${id}-error`)}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {hasError && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
