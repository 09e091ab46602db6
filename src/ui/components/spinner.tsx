import * as styles from './spinner.css';

/** A decorative spinner; the surrounding status text is what assistive technology reads. */
function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

/** Spec §2 loading screens. */
export const LOADING_TEXTS = {
  app: 'Подготавливаем магазин…',
  page: 'Загрузка страницы…',
} as const;

export type LoadingKind = keyof typeof LOADING_TEXTS;

export function LoadingScreen({ kind }: { kind: LoadingKind }) {
  return (
    <div
      className={`${styles.screen} ${kind === 'app' ? styles.fullScreen : ''}`}
      role="status"
      aria-live="polite"
    >
      <Spinner />
      <p>{LOADING_TEXTS[kind]}</p>
    </div>
  );
}
