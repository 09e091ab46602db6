import { Button, ButtonLink } from './button';
import * as styles from './home-sections.css';

export interface ConsultationBannerProps {
  /** Opens the consultation modal; until it is wired the button leads to the contacts page. */
  readonly onRequest?: () => void;
}

export function ConsultationBanner({ onRequest }: ConsultationBannerProps) {
  return (
    <section className={styles.consultation} aria-labelledby="consultation-title">
      <div className={styles.consultationBody}>
        <p className={styles.eyebrow}>Бесплатная консультация</p>
        <h2 id="consultation-title" className={styles.consultationTitle}>
          Поможем подобрать мебель под ваш интерьер
        </h2>
        <p className={styles.consultationText}>
          Расскажите о комнате и пожеланиях — дизайнер магазина предложит варианты, рассчитает размеры и
          ответит на вопросы о доставке и сборке.
        </p>
        {onRequest ? (
          <Button variant="inverse" size="l" onClick={onRequest}>
            Оставить заявку
          </Button>
        ) : (
          <ButtonLink href="/pages/contacts" variant="inverse" size="l">
            Оставить заявку
          </ButtonLink>
        )}
      </div>
      <img
        className={styles.consultationImage}
        src="/images/home/consultation.svg"
        width={1000}
        height={560}
        alt=""
        loading="lazy"
        decoding="async"
      />
    </section>
  );
}
