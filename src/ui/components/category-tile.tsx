import { categoryHref } from '../../domain/mega-menu';
import { AppLink } from './app-link';
import * as styles from './tiles.css';

export interface CategoryTileData {
  readonly name: string;
  /** Slug path from the root, e.g. 'mebel/krovati'. */
  readonly slugPath: string;
  readonly image: string;
}

export function CategoryTile({ tile }: { tile: CategoryTileData }) {
  return (
    <AppLink href={categoryHref(tile.slugPath)} className={styles.category}>
      <span className={styles.categoryFrame}>
        <img
          className={styles.categoryImage}
          src={tile.image}
          width={320}
          height={320}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </span>
      <span className={styles.categoryName}>{tile.name}</span>
    </AppLink>
  );
}
