import { AlertTriangle, CheckCircle2, Inbox, Info } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../components/button';
import { Modal } from '../components/modal';
import * as styles from './admin-ui.css';

/** A status as a coloured pill (order and request statuses, payment states). */
export function StatusBadge({ tone, children }: { tone: styles.BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badgeBase} ${styles.badgeTone[tone]}`}>{children}</span>;
}

export function Notice({
  tone,
  children,
  role,
}: {
  tone: keyof typeof styles.notice;
  children: ReactNode;
  role?: 'alert' | 'status';
}) {
  const Icon = tone === 'success' ? CheckCircle2 : tone === 'info' ? Info : AlertTriangle;
  return (
    <div className={`${styles.noticeBase} ${styles.notice[tone]}`} role={role}>
      <Icon width={18} height={18} aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}

/** Nothing to show (an empty list, a search without matches). */
export function EmptyPanel({ title, text, actions }: { title: string; text?: string; actions?: ReactNode }) {
  return (
    <div className={styles.emptyState}>
      <Inbox width={32} height={32} aria-hidden="true" />
      <p className={styles.emptyTitle}>{title}</p>
      {text !== undefined && <p>{text}</p>}
      {actions}
    </div>
  );
}

/** A list or page that could not be loaded, with a way to try again. */
export function ErrorPanel({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className={styles.card}>
      <div className={styles.stack}>
        <Notice tone="error" role="alert">
          {text}
        </Notice>
        {onRetry !== undefined && (
          <div>
            <Button variant="secondary" size="s" onClick={onRetry}>
              Повторить
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

export function Card({
  title,
  actions,
  children,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.card}>
      {title !== undefined && (
        <h2 className={styles.cardTitle}>
          <span>{title}</span>
          {actions}
        </h2>
      )}
      {children}
    </section>
  );
}

interface FieldProps {
  readonly label: string;
  readonly hint?: string;
  /** Shown (and the control marked invalid) only when set. */
  readonly error?: string | null;
  readonly className?: string;
  /** Renders the control with the ids the label, hint and error need. */
  readonly children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A labelled admin field: label, control, hint and error wired together for assistive technology. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const described = [hint === undefined ? '' : `${id}-hint`, error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(described === '' ? {} : { 'aria-describedby': described }),
      })}
      {hint !== undefined && (
        <span id={`${id}-hint`} className={styles.fieldHint}>
          {hint}
        </span>
      )}
      {error ? (
        <span id={`${id}-error`} className={styles.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export interface ConfirmDialogProps {
  readonly title: string;
  readonly children: ReactNode;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** While the action runs: both buttons wait. */
  readonly busy?: boolean;
  readonly destructive?: boolean;
  readonly error?: string | null;
}

/** «Вы уверены?» for anything destructive or hard to undo: what will happen, then confirm or cancel. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  destructive = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} closeDisabled={busy} name="admin-confirm">
      <div className={styles.stack}>
        {children}
        {error ? (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Отмена
          </Button>
          <Button variant={destructive ? 'accent' : 'primary'} onClick={onConfirm} disabled={busy}>
            {busy ? 'Выполняется…' : confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
