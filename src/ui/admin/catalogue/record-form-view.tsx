import { useBlocker } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  changedFields,
  isDirty,
  type recordFormMachine,
} from '../../../application/machines/admin/record-form.machine';
import { Button } from '../../components/button';
import { ConfirmDialog, Notice } from '../admin-ui';
import * as styles from './catalogue.css';

export type RecordFormActor<TDraft extends object, TMeta> = ActorRefFrom<
  ReturnType<typeof recordFormMachine<TDraft, TMeta>>
>;

export function useDraft<TDraft extends object, TMeta>(form: RecordFormActor<TDraft, TMeta>): TDraft {
  return useSelector(form, (snapshot) => snapshot.context.draft);
}

function useFormDirty<TDraft extends object, TMeta>(form: RecordFormActor<TDraft, TMeta>): boolean {
  return useSelector(form, (snapshot) => isDirty(snapshot.context));
}

/**
 * Leaving a form with unsaved edits asks first (TanStack Router's blocker: links, back/forward; the
 * browser's own dialog on reload or closing the tab).
 */
export function UnsavedChangesGuard<TDraft extends object, TMeta>({
  form,
}: {
  form: RecordFormActor<TDraft, TMeta>;
}) {
  // Read at the moment of leaving, not at the last render: a save that just finished is not a loss.
  const hasUnsaved = () => {
    const snapshot = form.getSnapshot();
    return !snapshot.matches('saving') && isDirty(snapshot.context);
  };
  const blocker = useBlocker({
    shouldBlockFn: hasUnsaved,
    enableBeforeUnload: hasUnsaved,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Уйти без сохранения?"
      confirmLabel="Уйти, не сохраняя"
      destructive
      onConfirm={blocker.proceed}
      onCancel={blocker.reset}
    >
      <p>Изменения на этой странице не сохранены и пропадут.</p>
    </ConfirmDialog>
  );
}

/** The sticky bar under a form: state in words, conflict choices, the save button. */
export function SaveBar<TDraft extends object, TMeta>({
  form,
  createLabel = 'Создать',
}: {
  form: RecordFormActor<TDraft, TMeta>;
  createLabel?: string;
}) {
  const state = useSelector(form, (snapshot) => snapshot.value);
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  const isNew = useSelector(form, (snapshot) => snapshot.context.id === null);
  const dirty = useFormDirty(form);
  const changed = useSelector(form, (snapshot) =>
    Object.keys(changedFields(snapshot.context.stored, snapshot.context.draft)).join(' '),
  );
  const busy = useSelector(form, (snapshot) => snapshot.hasTag('busy'));
  const canSave = useSelector(form, (snapshot) => snapshot.can({ type: 'form.saveRequested' }));
  const status =
    state === 'saving' || state === 'overwriting'
      ? 'Сохраняем…'
      : state === 'saved'
        ? 'Сохранено'
        : dirty
          ? 'Есть несохранённые изменения'
          : 'Изменений нет';
  return (
    <div className={styles.saveBar} data-changed-fields={changed}>
      {state === 'conflict' ? (
        <>
          <div className={styles.saveState}>
            <Notice tone="warning" role="alert">
              {error}
            </Notice>
          </div>
          <Button variant="secondary" onClick={() => form.send({ type: 'form.reloadRequested' })}>
            Загрузить их версию
          </Button>
          <Button onClick={() => form.send({ type: 'form.overwriteRequested' })}>Сохранить мою поверх</Button>
        </>
      ) : (
        <>
          <span className={styles.saveState} role="status">
            {state === 'failed' && error ? <span className={styles.counter.over}>{error}</span> : status}
          </span>
          <Button onClick={() => form.send({ type: 'form.saveRequested' })} disabled={!canSave || busy}>
            {busy ? 'Сохраняем…' : isNew ? createLabel : 'Сохранить'}
          </Button>
        </>
      )}
    </div>
  );
}

/** A text counter against a limit («54 / 70»), red when over. */
export function LengthCounter({ length, max }: { length: number; max: number }) {
  return (
    <span className={length > max ? styles.counter.over : styles.counter.ok}>
      {length} / {max}
    </span>
  );
}
