import { type TextareaHTMLAttributes, useId } from 'react';
import * as styles from './field.css';
import { describedBy } from './text-field';

/** Spec §5 / §9: a comment or message is at most 500 characters. */
export const MESSAGE_MAX_LENGTH = 500;

export interface TextareaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'value' | 'maxLength'> {
  readonly label: string;
  readonly value: string;
  readonly maxLength?: number;
  readonly error?: string | null;
  readonly hint?: string;
}

/** A multi-line field with a live 'N / 500' counter; typing stops at the limit. */
export function TextareaField({
  label,
  value,
  maxLength = MESSAGE_MAX_LENGTH,
  error,
  hint,
  required,
  ...textarea
}: TextareaFieldProps) {
  const id = useId();
  const hasError = typeof error === 'string' && error !== '';
  const over = value.length > maxLength;
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
      <textarea
        id={id}
        className={`${styles.control} ${styles.textarea}`}
        value={value}
        maxLength={maxLength}
        required={required}
        aria-invalid={hasError || over || undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, `${id}-counter`, hasError && `${id}-error`)}
        {...textarea}
      />
      <div className={styles.meta}>
        {hint && <span id={`${id}-hint`}>{hint}</span>}
        <span id={`${id}-counter`} className={`${styles.counter} ${over ? styles.counterOver : ''}`}>
          {value.length} / {maxLength}
        </span>
      </div>
      {hasError && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
