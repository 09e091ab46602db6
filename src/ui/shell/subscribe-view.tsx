import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  SUBSCRIBE_ERROR_MESSAGE,
  SUBSCRIBE_ERROR_TITLE,
  SUBSCRIBE_FORBIDDEN_TITLE,
  type subscribeMachine,
} from '../../application/machines/subscribe.machine';
import { Button } from '../components/button';
import type { SubscribeBlockProps } from '../components/subscribe-block';
import * as styles from './shell.css';

export type SubscribeRef = ActorRefFrom<typeof subscribeMachine>;

/** The subscribe block's props, rendering the subscribe machine (spec §4 "Subscribe"). */
export function useSubscribeBlock(actor: SubscribeRef): SubscribeBlockProps {
  const state = useSelector(actor, (snapshot) =>
    typeof snapshot.value === 'string' ? snapshot.value : 'idle',
  );
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const consentError = useSelector(actor, (snapshot) => snapshot.context.consentError);
  const promoCode = useSelector(actor, (snapshot) => snapshot.context.promoCode);
  const forbiddenMessage = useSelector(actor, (snapshot) => snapshot.context.forbiddenMessage);
  const close = () => actor.send({ type: 'subscribe.closeRequested' });
  let result: ReactNode = null;
  if (state === 'success' || state === 'subscribed') {
    result = (
      <div className={styles.result} role="status">
        <p className={styles.resultTitle}>
          {state === 'success' ? 'Спасибо за подписку!' : 'Вы уже подписаны на новости'}
        </p>
        <p>
          Ваш промокод: <span className={styles.promoCode}>{promoCode}</span>
        </p>
        {state === 'success' && (
          <p>Мы создали для вас личный кабинет и отправили промокод и данные для входа на ваш email.</p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            Закрыть
          </Button>
        </div>
      </div>
    );
  } else if (state === 'redirectLogin') {
    result = (
      <div className={styles.result} role="status">
        <p className={styles.resultTitle}>Этот email уже зарегистрирован</p>
        <p>Переходим на страницу входа…</p>
      </div>
    );
  } else if (state === 'error') {
    result = (
      <div className={styles.result} role="alert">
        <p className={styles.resultTitle}>{SUBSCRIBE_ERROR_TITLE}</p>
        <p>{SUBSCRIBE_ERROR_MESSAGE}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'subscribe.retryRequested' })}>
            Попробовать снова
          </Button>
        </div>
      </div>
    );
  } else if (state === 'forbidden') {
    result = (
      <div className={styles.result} role="alert">
        <p className={styles.resultTitle}>{SUBSCRIBE_FORBIDDEN_TITLE}</p>
        <p>{forbiddenMessage}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            Закрыть
          </Button>
        </div>
      </div>
    );
  }
  return {
    onSubmit: ({ email, consent }) => {
      actor.send({ type: 'subscribe.emailChanged', email });
      actor.send({ type: 'subscribe.consentChanged', consent });
      actor.send({ type: 'subscribe.submitted' });
    },
    submitting: busy,
    consentError,
    result,
  };
}
