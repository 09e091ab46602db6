import { Children, type ReactNode, type Ref, useId, useRef } from 'react';
import { AppLink } from './app-link';
import { IconButton } from './icon-button';
import { ChevronLeft, ChevronRight } from './icons';
import * as styles from './slider.css';

/** What a slider section shows: its items, or why there are none. */
const sliderStatuses = ['loading', 'ready', 'empty', 'error'] as const;
export type SliderStatus = (typeof sliderStatuses)[number];

export interface SliderSectionProps {
  readonly title: string;
  readonly status: SliderStatus;
  /** 'Смотреть все' target (news → /pages/news, inspiration → /category/vdohnovenie). */
  readonly viewAllHref?: string;
  readonly viewAllLabel?: string;
  readonly emptyText?: string;
  readonly errorText?: string;
  /** One child per slide, each with its own key. */
  readonly children?: ReactNode;
  /** The section element, e.g. for loading its data when it comes near the viewport. */
  readonly sectionRef?: Ref<HTMLElement>;
}

/**
 * A horizontal, scroll-snapping carousel shell: native scrolling (touch, trackpad, keyboard via the
 * focusable track) with previous/next buttons on wider screens. No carousel library, so nothing
 * heavy lands on the home page's critical path.
 */
export function SliderSection({
  title,
  status,
  viewAllHref,
  viewAllLabel = 'Смотреть все',
  emptyText,
  errorText,
  children,
  sectionRef,
}: SliderSectionProps) {
  const headingId = useId();
  const trackRef = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (track) track.scrollBy({ left: direction * track.clientWidth * 0.9, behavior: 'smooth' });
  };
  return (
    <section
      ref={sectionRef}
      className={styles.section}
      aria-labelledby={headingId}
      aria-busy={status === 'loading'}
    >
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.controls}>
          {viewAllHref !== undefined && (
            <AppLink href={viewAllHref} className={styles.viewAll}>
              {viewAllLabel}
            </AppLink>
          )}
          {status === 'ready' && (
            <div className={styles.arrows}>
              <IconButton
                tone="surface"
                aria-label="Прокрутить назад"
                icon={<ChevronLeft size={20} aria-hidden="true" />}
                onClick={() => scroll(-1)}
              />
              <IconButton
                tone="surface"
                aria-label="Прокрутить вперёд"
                icon={<ChevronRight size={20} aria-hidden="true" />}
                onClick={() => scroll(1)}
              />
            </div>
          )}
        </div>
      </div>
      {status === 'loading' && (
        <div className={styles.skeletonRow} aria-hidden="true">
          <div className={styles.skeleton} />
          <div className={styles.skeleton} />
          <div className={styles.skeleton} />
          <div className={styles.skeleton} />
        </div>
      )}
      {status === 'empty' && emptyText !== undefined && (
        <p className={styles.status} role="status">
          {emptyText}
        </p>
      )}
      {status === 'error' && errorText !== undefined && (
        <p className={styles.status} role="alert">
          {errorText}
        </p>
      )}
      {status === 'ready' && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <ul ref={trackRef} className={styles.track} tabIndex={0} aria-label={title}>
          {Children.map(children, (child) => (
            <li className={styles.slide}>{child}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
