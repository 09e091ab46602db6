import { AppLink } from './app-link';
import * as styles from './logo.css';

/** The shop's name as the logo shows it. */
export const SHOP_NAME = 'Дом и Стиль';

/** «Дом и Стиль» with its mark, linking home. The mark is the same drawing as public/favicon.svg. */
export function Logo({ tone = 'dark' }: { tone?: styles.LogoTone }) {
  return (
    <AppLink
      href="/"
      className={`${styles.logo} ${styles.tone[tone]}`}
      aria-label={`${SHOP_NAME} — на главную`}
    >
      <svg className={styles.mark} viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <rect width="36" height="36" rx="10" className={styles.markBackgroundTone[tone]} />
        <path
          d="M9 18.5 18 10l9 8.5V27a1 1 0 0 1-1 1h-5.5v-6h-5v6H10a1 1 0 0 1-1-1z"
          className={styles.markHouse}
        />
      </svg>
      <span className={styles.word}>{SHOP_NAME}</span>
    </AppLink>
  );
}
