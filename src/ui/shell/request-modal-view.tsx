import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { consultationModalMachine } from '../../application/machines/consultation-modal.machine';
import type { feedbackModalMachine } from '../../application/machines/feedback-modal.machine';
import type { TextField as RequestTextField } from '../../application/machines/request-modal.machine';
import type { AccountStatus } from '../../domain/account-status';
import type { ContactField } from '../../domain/contact-form-validation';
import { Button, ButtonLink } from '../components/button';
import { FileField } from '../components/file-field';
import { Modal } from '../components/modal';
import { nextPhoneFieldValueWhenLoaded, preparePhoneMask } from '../components/phone-field-mask-lazy';
import { accountHref } from '../components/site-links';
import { TextField } from '../components/text-field';
import { TextareaField } from '../components/textarea-field';
import * as styles from './shell.css';

type RequestModalRef =
  | ActorRefFrom<typeof consultationModalMachine>
  | ActorRefFrom<typeof feedbackModalMachine>;

type RequestModalKind = 'consultation' | 'feedback';

/** The attachment types of spec §5, for the file picker. */
const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

const TITLES: Readonly<Record<RequestModalKind, string>> = {
  consultation: 'Консультация дизайнера',
  feedback: 'Напишите нам',
};

const LEADS: Readonly<Record<RequestModalKind, string>> = {
  consultation: 'Оставьте телефон или email — дизайнер свяжется с вами и поможет с выбором.',
  feedback: 'Задайте вопрос или расскажите о проблеме — мы ответим в рабочее время.',
};

/** What the success view says for each account status (spec §4 "Account status after a request"). */
const SUCCESS_TEXTS: Readonly<Record<AccountStatus, string>> = {
  created:
    'Мы создали для вас личный кабинет и отправили данные для входа на ваш email. В нём можно следить за ответом.',
  existing: 'У вас уже есть личный кабинет: войдите, чтобы следить за ответом на заявку.',
  none: 'Мы свяжемся с вами в ближайшее время.',
};

/** A signed-in client is already in their account: never told to sign in (issue 25 item 13). */
const SIGNED_IN_SUCCESS_TEXT = 'Заявка появилась в личном кабинете: там можно следить за ответом.';

function requestSuccessText(accountStatus: AccountStatus | null, clientId: number | null): string {
  return clientId === null ? SUCCESS_TEXTS[accountStatus ?? 'none'] : SIGNED_IN_SUCCESS_TEXT;
}

export interface RequestModalViewProps {
  readonly kind: RequestModalKind;
  readonly actor: RequestModalRef;
  /** The signed-in client, for the feedback success button (/orders/{clientId}, else /login). */
  readonly clientId: number | null;
}

/** Renders the request modal machine: the form, the sending state and the success view. */
export function RequestModalView({ kind, actor, clientId }: RequestModalViewProps) {
  // The two machines share one shape; reading them through the union keeps the view generic.
  const ref = actor as ActorRefFrom<typeof consultationModalMachine>;
  const visible = useSelector(ref, (snapshot) => snapshot.hasTag('visible'));
  if (!visible) return null;
  return <OpenRequestModal kind={kind} actor={ref} clientId={clientId} />;
}

function OpenRequestModal({
  kind,
  actor,
  clientId,
}: {
  kind: RequestModalKind;
  actor: ActorRefFrom<typeof consultationModalMachine>;
  clientId: number | null;
}) {
  const closing = useSelector(actor, (snapshot) => snapshot.matches('closing'));
  const success = useSelector(actor, (snapshot) => snapshot.matches('success'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const canClose = useSelector(actor, (snapshot) => snapshot.can({ type: 'modal.closeRequested' }));
  const accountStatus = useSelector(actor, (snapshot) => snapshot.context.accountStatus);
  const close = () => actor.send({ type: 'modal.closeRequested' });
  return (
    <Modal
      title={TITLES[kind]}
      name={kind === 'consultation' ? 'consultationModal' : 'feedbackModal'}
      closing={closing}
      closeDisabled={!canClose && !closing}
      onClose={() => {
        if (canClose) close();
      }}
    >
      {success ? (
        <div className={styles.result} role="status">
          <p className={styles.resultTitle}>
            {kind === 'consultation' ? 'Заявка отправлена' : 'Сообщение отправлено'}
          </p>
          <p>{requestSuccessText(accountStatus, clientId)}</p>
          <div className={styles.actions}>
            {kind === 'feedback' ? (
              <ButtonLink href={accountHref(clientId)} onClick={close}>
                {clientId === null ? 'Войти' : 'Перейти в личный кабинет'}
              </ButtonLink>
            ) : (
              <Button onClick={close}>Закрыть</Button>
            )}
            <Button variant="secondary" onClick={() => actor.send({ type: 'modal.sendAnotherRequested' })}>
              Отправить ещё
            </Button>
          </div>
        </div>
      ) : (
        <RequestForm kind={kind} actor={actor} busy={busy} />
      )}
    </Modal>
  );
}

function RequestForm({
  kind,
  actor,
  busy,
}: {
  kind: RequestModalKind;
  actor: ActorRefFrom<typeof consultationModalMachine>;
  busy: boolean;
}) {
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const submitError = useSelector(actor, (snapshot) => snapshot.context.submitError);
  const change = (field: RequestTextField, value: string) =>
    actor.send({ type: 'form.fieldChanged', field, value });
  const blur = (field: ContactField) => actor.send({ type: 'form.fieldBlurred', field });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'form.submitted' });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <p className={styles.lead}>{LEADS[kind]}</p>
      {submitError !== null && (
        <p className={styles.submitError} role="alert">
          {submitError}
        </p>
      )}
      <TextField
        label="Телефон"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+7 900 000-00-00"
        value={values.phone ?? ''}
        error={errors.phone}
        disabled={busy}
        onFocus={() => void preparePhoneMask()}
        onChange={(event) =>
          change('phone', nextPhoneFieldValueWhenLoaded(values.phone ?? '', event.currentTarget.value))
        }
        onBlur={() => blur('phone')}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="name@example.ru"
        value={values.email ?? ''}
        error={errors.email}
        disabled={busy}
        onChange={(event) => change('email', event.currentTarget.value)}
        onBlur={() => blur('email')}
      />
      <TextareaField
        label={kind === 'consultation' ? 'Комментарий' : 'Сообщение'}
        name="comment"
        value={values.comment ?? ''}
        error={errors.comment}
        disabled={busy}
        onChange={(event) => change('comment', event.currentTarget.value)}
        onBlur={() => blur('comment')}
      />
      {kind === 'consultation' && (
        <FileField
          label="Вложение"
          name="attachment"
          accept={ATTACHMENT_ACCEPT}
          hint="JPG, PNG, WEBP или PDF до 5 МБ"
          fileName={values.attachment?.name ?? null}
          error={errors.attachment}
          disabled={busy}
          onFileChange={(file) => actor.send({ type: 'form.attachmentChosen', file })}
        />
      )}
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Отправляем…' : 'Отправить'}
      </Button>
    </form>
  );
}
