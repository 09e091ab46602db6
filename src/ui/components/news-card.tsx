import type { NewsCardData } from '../../application/queries/home-sliders.query';
import { AppLink } from './app-link';
import * as styles from './tiles.css';

/**
 * In the shop's own time zone (Saint Petersburg is on Moscow time), not the reader's: the server draws
 * the same date the browser then hydrates, and a date written at midnight is the same day for everyone.
 * Built on first use (see domain/money.ts).
 */
let dateFormat: Intl.DateTimeFormat | null = null;
function shopDate(date: Date): string {
  dateFormat ??= new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return dateFormat.format(date);
}

/** '12 марта 2026 г.' for an ISO date; null for anything that is not a date. */
export function newsDate(iso: string | null | undefined): string | null {
  if (typeof iso !== 'string' || iso.trim() === '') return null;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? shopDate(new Date(time)) : null;
}

/** A news or inspiration card (home sliders, /pages/news). */
export function NewsCard({
  item,
  headingLevel: Heading = 'h3',
}: {
  item: NewsCardData;
  headingLevel?: 'h2' | 'h3';
}) {
  const date = newsDate(item.publishedAt);
  return (
    <article className={styles.news}>
      {item.image && (
        <img
          className={styles.newsImage}
          src={item.image}
          width={480}
          height={360}
          alt=""
          loading="lazy"
          decoding="async"
        />
      )}
      <div className={styles.newsBody}>
        {date !== null && item.publishedAt && (
          <time className={styles.newsDate} dateTime={item.publishedAt}>
            {date}
          </time>
        )}
        <Heading className={styles.newsTitle}>
          <AppLink href={item.href} className={styles.newsLink}>
            {item.title}
          </AppLink>
        </Heading>
        {item.excerpt && <p className={styles.newsExcerpt}>{item.excerpt}</p>}
      </div>
    </article>
  );
}
