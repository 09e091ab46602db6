import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import * as styles from './field.css';
import { describedBy } from './text-field';

export interface CheckboxFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> {
  /** The label may hold links (consent to the rules). */
  readonly label: ReactNode;
  readonly error?: string | null;
  /**
   * Shown after the label and read as the box's description, not its name (a service's price:
   * «Сборка — 2 400 ₽» keeps the name «Сборка»).
   */
  readonly hint?: string | null;
}

export function CheckboxField({ label, error, hint, ...input }: CheckboxFieldProps) {
  const id = useId();
  const hasError = typeof error === 'string' && error !== '';
  const hasHint = typeof hint === 'string' && hint !== '';
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy(hasHint && `${id}-hint`, hasError && `${id}-error`)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
        {hasHint && (
          <span id={`${id}-hint`} className={styles.checkboxHint}>
            <span aria-hidden="true">— </span>
            {hint}
          </span>
        )}
      </div>
      {hasError && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
