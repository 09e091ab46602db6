import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { ConsentCheckbox } from './consent-checkbox';
import * as styles from './subscribe-block.css';
import { TextField } from './text-field';

interface SubscribeValues {
  readonly email: string;
  readonly consent: boolean;
}

export interface SubscribeBlockProps {
  /**
   * Receives what the visitor typed; the subscribe machine validates it (spec §5). Until the
   * machine is wired the submit button stays disabled rather than pretending to subscribe.
   */
  readonly onSubmit?: (values: SubscribeValues) => void;
  readonly submitting?: boolean;
  readonly emailError?: string | null;
  /** 'Вам нужно принять правила' when consent is off. */
  readonly consentError?: string | null;
  /** The outcome view (promo code, redirect notice, error with retry) shown instead of the form. */
  readonly result?: ReactNode;
}

/**
 * The newsletter block: an e-mail field and the consent checkbox (spec §5), which starts unticked: a
 * consent ticked in advance is not the subscriber's own (docs/decisions/consent-checkboxes.md).
 */
export function SubscribeBlock({
  onSubmit,
  submitting = false,
  emailError,
  consentError,
  result,
}: SubscribeBlockProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!onSubmit) return;
    const data = new FormData(event.currentTarget);
    const email = data.get('email');
    onSubmit({ email: typeof email === 'string' ? email : '', consent: data.get('consent') === 'on' });
  };
  return (
    <section className={styles.block} aria-labelledby="subscribe-title">
      <div className={styles.intro}>
        <h2 id="subscribe-title" className={styles.title}>
          Подпишитесь на новости
        </h2>
        <p className={styles.text}>
          Новые коллекции, идеи для интерьера и закрытые скидки — раз в неделю. За подписку дарим промокод на
          первый заказ.
        </p>
      </div>
      {result ?? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.row}>
            <div className={styles.grow}>
              <TextField
                label="Ваш email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="name@example.ru"
                error={emailError}
                disabled={submitting}
              />
            </div>
            <Button type="submit" disabled={submitting || !onSubmit} aria-busy={submitting}>
              Подписаться
            </Button>
          </div>
          <ConsentCheckbox
            purpose="marketing"
            linkBase="/pages/"
            error={consentError}
            disabled={submitting}
          />
        </form>
      )}
    </section>
  );
}
