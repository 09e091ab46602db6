import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { createAdminFormMachine } from '../../application/machines/admin/admin-form.machine';
import { isFormDirty } from '../../application/machines/admin/admin-form.machine';

type FormMachine<D extends object, R> = ReturnType<typeof createAdminFormMachine<D, R>>;

export interface AdminFormView<D> {
  readonly draft: D;
  readonly status: 'editing' | 'saving' | 'saved' | 'failed';
  readonly dirty: boolean;
  readonly showErrors: boolean;
  readonly error: string | null;
  readonly edit: (patch: Partial<D>) => void;
  readonly submit: () => void;
  readonly reset: () => void;
}

/**
 * A screen's window onto an admin form machine: narrow slices of its snapshot and the events it
 * takes. `initial` is what the server last answered; when it changes (a reload after any save on
 * the page) the machine is told, and a clean form follows it. `onSaved` runs after each save.
 */
export function useAdminForm<D extends object, R>(
  machine: FormMachine<D, R>,
  initial: D,
  onSaved?: (output: R) => void,
): AdminFormView<D> {
  const actor = useActorRef(machine, { input: { initial } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const status = useSelector(actor, (snapshot) =>
    snapshot.matches('saving')
      ? 'saving'
      : snapshot.matches('saved')
        ? 'saved'
        : snapshot.matches('failed')
          ? 'failed'
          : 'editing',
  );
  const dirty = useSelector(actor, (snapshot) => isFormDirty(snapshot.context));
  const showErrors = useSelector(actor, (snapshot) => snapshot.context.showErrors);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  useEffect(() => {
    const subscription = actor.on('form.saved', (event) => onSavedRef.current?.(event.output));
    return () => subscription.unsubscribe();
  }, [actor]);

  const initialKey = JSON.stringify(initial);
  const lastKey = useRef(initialKey);
  useEffect(() => {
    if (lastKey.current === initialKey) return;
    lastKey.current = initialKey;
    actor.send({ type: 'form.loaded', initial: JSON.parse(initialKey) as D });
  }, [actor, initialKey]);

  return {
    draft,
    status,
    dirty,
    showErrors,
    error,
    edit: (patch) => actor.send({ type: 'form.edited', patch }),
    submit: () => actor.send({ type: 'form.submitted' }),
    reset: () => actor.send({ type: 'form.reset' }),
  };
}
