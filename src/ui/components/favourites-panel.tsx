import { X } from 'lucide-react';
import type { Favourites } from '../../domain/favourites';
import { formatPrice, isPrice } from '../../domain/money';
import { mainImage } from '../../domain/product-presentation';
import {
  cutName,
  FAVOURITES_PANEL_ITEMS,
  FAVOURITES_PANEL_NAME_LIMIT,
  panelOverflow,
} from '../../domain/text-cut';
import { AppLink } from './app-link';
import { ButtonLink } from './button';
import { IconButton } from './icon-button';
import { fallbackName, lineHref } from './mini-cart';
import * as styles from './mini-panel.css';

export interface FavouritesPanelProps {
  readonly items: Favourites;
  readonly onRemove: (id: number) => void;
}

/** The header's hover favourites panel (spec §9: 6 items, names cut at 30 characters, '+N товаров...'). */
export function FavouritesPanel({ items, onRemove }: FavouritesPanelProps) {
  const { shown, label } = panelOverflow(items.length, FAVOURITES_PANEL_ITEMS);
  return (
    <section className={styles.panel} aria-label="Избранное">
      <h2 className={styles.title}>Избранное</h2>
      {items.length === 0 ? (
        <p className={styles.empty}>В избранном пока ничего нет</p>
      ) : (
        <>
          <ul className={styles.list}>
            {items.slice(0, shown).map((item) => {
              const name = fallbackName(item);
              return (
                <li key={item.id} className={styles.item}>
                  <img
                    className={styles.thumb}
                    src={mainImage({ tovar_pic1_url_site: item.tovar_pic1_url_site ?? null })}
                    width={56}
                    height={56}
                    alt=""
                    loading="lazy"
                  />
                  <div className={styles.info}>
                    <AppLink href={lineHref(item)} className={styles.name}>
                      {cutName(name, FAVOURITES_PANEL_NAME_LIMIT)}
                    </AppLink>
                    <span className={isPrice(item.price) ? styles.price : styles.priceMissing}>
                      {formatPrice(item.price)}
                    </span>
                  </div>
                  <IconButton
                    aria-label={`Удалить из избранного: ${name}`}
                    icon={<X size={16} aria-hidden="true" />}
                    onClick={() => onRemove(item.id)}
                  />
                </li>
              );
            })}
          </ul>
          {label !== null && <p className={styles.more}>{label}</p>}
          <div className={styles.actions}>
            <ButtonLink href="/favorites" variant="secondary" fullWidth>
              Перейти в избранное
            </ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
