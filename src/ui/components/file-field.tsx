import { type ChangeEvent, useId } from 'react';
import * as styles from './field.css';
import { Paperclip } from './page-icons';
import { describedBy } from './text-field';

export interface FileFieldProps {
  readonly label: string;
  /** e.g. 'image/jpeg,image/png,image/webp,application/pdf' (spec §5 attachment types). */
  readonly accept?: string;
  /** The chosen file's name, shown instead of the prompt. */
  readonly fileName?: string | null;
  readonly hint?: string;
  readonly error?: string | null;
  readonly disabled?: boolean;
  readonly name?: string;
  /** The first chosen file, or null when the choice was cleared; the machine validates it. */
  readonly onFileChange: (file: File | null) => void;
}

export function FileField({
  label,
  accept,
  fileName,
  hint,
  error,
  disabled,
  name,
  onFileChange,
}: FileFieldProps) {
  const id = useId();
  const hasError = typeof error === 'string' && error !== '';
  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    onFileChange(event.currentTarget.files?.[0] ?? null);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.fileBox}>
        <Paperclip size={18} aria-hidden="true" />
        <span className={styles.fileName}>{fileName ? fileName : 'Выберите файл'}</span>
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          disabled={disabled}
          className={styles.fileInput}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy(hint && `${id}-hint`, hasError && `${id}-error`)}
          onChange={onChange}
        />
      </div>
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
