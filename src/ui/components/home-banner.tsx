import { ButtonLink } from './button';
import * as styles from './home-banner.css';
import type { HomeBannerData } from './home-content';
import { ArrowRight } from './page-icons';

export interface HomeBannerProps {
  readonly banner: HomeBannerData;
  readonly size: styles.BannerSize;
  /** The page's h1 is the first banner's title; the others are h2. */
  readonly headingLevel: 'h1' | 'h2';
  /** The hero image is the largest contentful paint: load it eagerly with high priority. */
  readonly priority?: boolean;
}

export function HomeBanner({ banner, size, headingLevel: Heading, priority = false }: HomeBannerProps) {
  return (
    <section className={`${styles.banner} ${styles.size[size]}`} aria-label={banner.title}>
      <img
        className={`${styles.image} ${styles.imagePosition[size]}`}
        src={banner.image}
        width={banner.imageWidth}
        height={banner.imageHeight}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'auto' : 'async'}
      />
      <div className={`${styles.shade} ${size === 'side' ? styles.shadeTop : ''}`} aria-hidden="true" />
      <div className={styles.content}>
        <Heading className={styles.titleSize[size]}>{banner.title}</Heading>
        <p className={`${styles.text} ${size === 'hero' ? styles.textHero : ''}`}>{banner.text}</p>
        <ButtonLink href={banner.href} size={size === 'hero' ? 'l' : 'm'} className={styles.action}>
          {banner.action}
          <ArrowRight size={18} aria-hidden="true" />
        </ButtonLink>
      </div>
    </section>
  );
}
