import { ButtonLink } from './button';
import * as styles from './empty-state.css';

/** The not-found page (spec §2 "any other path"), with ways back into the shop. */
export function NotFoundContent() {
  return (
    <section className={styles.root} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Страница не найдена
      </h1>
      <p className={styles.text}>Такой страницы нет. Проверьте адрес или вернитесь на главную.</p>
      <div className={styles.actions}>
        <ButtonLink href="/">На главную</ButtonLink>
        <ButtonLink href="/categories" variant="secondary">
          Перейти в каталог
        </ButtonLink>
      </div>
    </section>
  );
}
