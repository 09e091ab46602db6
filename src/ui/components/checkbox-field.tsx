import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import * as styles from './field.css';
import { describedBy } from './text-field';

export interface CheckboxFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> {
  /** The label may hold links (consent to the rules). */
  readonly label: ReactNode;
  readonly error?: string | null;
}

export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  const hasError = typeof error === 'string' && error !== '';
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy(hasError && `${id}-error`)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hasError && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
