import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type {
  RecordFormInput,
  RecordId,
  recordFormMachine,
} from '../../../application/machines/admin/record-form.machine';
import type { UseCase } from '../../../application/use-case';
import { useUseCase } from '../../shell/shop-context';
import type { RecordFormActor } from './record-form-view';

type RecordFormMachineOf<TDraft extends object, TMeta> = ReturnType<typeof recordFormMachine<TDraft, TMeta>>;

/**
 * Starts a screen's record form — a machine provided by its use case (src/application/admin/…) — and,
 * once a new record is stored, tells the screen its id (the route moves to the record's address). The
 * form shows the save's answer; nothing is read again.
 */
export function useRecordFormMachine<TDraft extends object, TMeta>(
  useCase: UseCase<RecordFormMachineOf<TDraft, TMeta>>,
  input: RecordFormInput<TDraft>,
  onCreated: (id: RecordId) => void = () => undefined,
): RecordFormActor<TDraft, TMeta> {
  const form: RecordFormActor<TDraft, TMeta> = useActorRef(useUseCase(useCase), { input });
  const createdId = useSelector(form, (snapshot) =>
    input.id === null && snapshot.matches('saved') ? snapshot.context.id : null,
  );
  const createdRef = useRef(onCreated);
  useEffect(() => {
    createdRef.current = onCreated;
  });
  useEffect(() => {
    if (createdId !== null) createdRef.current(createdId);
  }, [createdId]);
  return form;
}
