import { useActorRef, useSelector } from '@xstate/react';
import { cookieNotice } from '../../application/analytics/cookie-notice.machine';
import { useAfterHydration } from '../shell/hydration';
import { useUseCase } from '../shell/shop-context';
import { Button } from './button';
import * as styles from './cookie-notice.css';

/**
 * The cookie notice (docs/privacy.md «Cookie notice»): a bottom bar that never blocks the page, shown
 * only while the machine asks (a Metrica counter is configured and the visitor has not answered).
 * The server never draws it: it appears after hydration, out of the page's flow.
 */
export function CookieNotice() {
  const machine = useUseCase(cookieNotice);
  const actor = useActorRef(machine);
  const asking = useAfterHydration(
    useSelector(actor, (snapshot) => snapshot.matches('asking')),
    false,
  );
  if (!asking) return null;
  return (
    <section className={styles.bar} aria-label="Файлы cookie">
      <p className={styles.text}>
        Мы используем файлы cookie: необходимые — чтобы работали корзина и вход, аналитические (Яндекс
        Метрика) — чтобы улучшать магазин, если вы согласны. Подробнее — в{' '}
        <a href="/privacy" className={styles.link}>
          политике конфиденциальности
        </a>
        .
      </p>
      <div className={styles.actions}>
        <Button size="s" onClick={() => actor.send({ type: 'cookies.chosen', choice: 'all' })}>
          Принять
        </Button>
        <Button
          size="s"
          variant="secondary"
          onClick={() => actor.send({ type: 'cookies.chosen', choice: 'necessary' })}
        >
          Только необходимые
        </Button>
      </div>
    </section>
  );
}
