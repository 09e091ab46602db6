import type { ReactNode } from 'react';
import { formatPrice, isPrice } from '../../domain/money';
import type { ProductFields } from '../../domain/product';
import { mainImage, productHref } from '../../domain/product-presentation';
import { cutName, panelOverflow } from '../../domain/text-cut';
import { AppLink } from './app-link';
import { IconButton } from './icon-button';
import { X } from './icons';
import * as styles from './mini-panel.css';

/** What one line of a header panel shows: a product id and whatever product data is known. */
export type MiniPanelLine = ProductFields & { readonly id: number };

/** The name a line shows when its product data never arrived (only the id is known). */
function fallbackName(item: Pick<MiniPanelLine, 'id' | 'name'>): string {
  const name = typeof item.name === 'string' ? item.name.trim() : '';
  return name === '' ? `Товар № ${item.id}` : name;
}

function lineHref(item: Pick<MiniPanelLine, 'slug'>): string {
  return typeof item.slug === 'string' && item.slug.trim() !== ''
    ? productHref({ slug: item.slug })
    : '/cart';
}

export interface MiniPanelProps<Line extends MiniPanelLine> {
  /** The panel's heading, also its accessible name. */
  readonly title: string;
  readonly emptyText: string;
  readonly items: readonly Line[];
  /** How many lines are listed before '+N товаров...' (spec §9). */
  readonly shownLimit: number;
  /** How many characters of a name are shown (spec §9). */
  readonly nameLimit: number;
  /** The accessible name of a line's remove button, given the line's full name. */
  readonly removeLabel: (name: string) => string;
  readonly onRemove: (id: number) => void;
  /** Extra controls under a line's price (the mini-cart's quantity buttons). */
  readonly lineControls?: (item: Line, name: string) => ReactNode;
  /** What stands between the list and the buttons (the mini-cart's total). */
  readonly summary?: ReactNode;
  /** The footer buttons. */
  readonly actions: ReactNode;
}

/** The markup shared by the header's hover panels: heading, lines with picture, name and price, footer. */
export function MiniPanel<Line extends MiniPanelLine>({
  title,
  emptyText,
  items,
  shownLimit,
  nameLimit,
  removeLabel,
  onRemove,
  lineControls,
  summary,
  actions,
}: MiniPanelProps<Line>) {
  const { shown, label } = panelOverflow(items.length, shownLimit);
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
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
                      {cutName(name, nameLimit)}
                    </AppLink>
                    <span className={isPrice(item.price) ? styles.price : styles.priceMissing}>
                      {formatPrice(item.price)}
                    </span>
                    {lineControls?.(item, name)}
                  </div>
                  <IconButton
                    aria-label={removeLabel(name)}
                    icon={<X size={16} aria-hidden="true" />}
                    onClick={() => onRemove(item.id)}
                  />
                </li>
              );
            })}
          </ul>
          {label !== null && <p className={styles.more}>{label}</p>}
          {summary}
          <div className={styles.actions}>{actions}</div>
        </>
      )}
    </section>
  );
}
