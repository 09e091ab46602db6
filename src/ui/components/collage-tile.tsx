import type { SyntheticEvent } from 'react';
import { categoryHref } from '../../domain/mega-menu';
import { AppLink } from './app-link';
import * as styles from './tiles.css';

export interface CollageTileData {
  readonly name: string;
  readonly image: string;
  /** Category slug path; the tile links there unless it has its own href (spec §2). */
  readonly slug: string;
  readonly href?: string;
  readonly aspect?: styles.CollageAspect;
}

/** Where a collage tile leads: its own href, else /category/{slug}. */
export function collageHref(tile: Pick<CollageTileData, 'href' | 'slug'>): string {
  const own = tile.href?.trim();
  return own ? own : categoryHref(tile.slug);
}

/** Spec §2: a broken collage image is hidden; the tile keeps its label on the calm background. */
function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.hidden = true;
}

export function CollageTile({
  tile,
  sizes = '(max-width: 768px) 50vw, 25vw',
}: {
  tile: CollageTileData;
  sizes?: string;
}) {
  return (
    <AppLink href={collageHref(tile)} className={`${styles.tile} ${styles.aspect[tile.aspect ?? 'square']}`}>
      <img
        className={styles.image}
        src={tile.image}
        sizes={sizes}
        width={600}
        height={600}
        alt=""
        loading="lazy"
        decoding="async"
        onError={hideBrokenImage}
      />
      <span className={styles.label}>{tile.name}</span>
    </AppLink>
  );
}
