import { useEffect, useRef } from 'react';
import { Button } from './button';
import * as styles from './city-banner.css';

/** Spec §2: 'Мы определили ваш город: {city}. Всё верно?' */
function cityQuestion(city: string): string {
  return `Мы определили ваш город: ${city}. Всё верно?`;
}

export interface CityBannerProps {
  readonly city: string;
  /** Да: the city is saved and confirmed for 24 h. */
  readonly onConfirm: () => void;
  /** Нет: the city selector opens. */
  readonly onReject: () => void;
  /** Escape or a click outside the banner (spec §4: marks the city confirmed and closes). */
  readonly onDismiss: () => void;
}

export function CityBanner({ city, onConfirm, onReject, onDismiss }: CityBannerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismissRef.current();
    };
    const onPointer = (event: PointerEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target))
        dismissRef.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);
  return (
    <div ref={ref} className={styles.banner} role="dialog" aria-modal="false" aria-label="Ваш город">
      <p className={styles.text}>{cityQuestion(city)}</p>
      <div className={styles.actions}>
        <Button onClick={onConfirm}>Да</Button>
        <Button variant="secondary" onClick={onReject}>
          Нет
        </Button>
      </div>
    </div>
  );
}
