import type { ReactNode } from 'react';
import { pluralizeProducts } from '../../../shared-rules/plural-rule';
import { ButtonLink } from './button';
import { IconButton, IconLink } from './icon-button';
import { Heart, LayoutGrid, LogOut, ShoppingBag, UserRound } from './icons';
import { Logo } from './logo';
import * as styles from './site-header.css';
import { accountLink } from './site-links';

export interface HeaderIndicators {
  readonly favouritesCount: number;
  readonly cartQuantity: number;
  /** Sum of order-status changes, request replies and promo updates (spec §2). */
  readonly accountBadge: number;
  /** The signed-in client's id; null for guests (the account icon then leads to /login). */
  readonly clientId: number | null;
  readonly signedIn: boolean;
  /** A signed-in administrator: the account icon opens the back office. */
  readonly isAdmin?: boolean;
}

export interface SiteHeaderProps extends HeaderIndicators {
  /** The search form (with voice search). */
  readonly search: ReactNode;
  /** The mega menu row under the header. */
  readonly nav?: ReactNode;
  readonly onLogout?: () => void;
  /** Hover mini-panels (spec §2); the hover machine decides when they are open. */
  readonly favouritesPanel?: ReactNode;
  readonly cartPanel?: ReactNode;
  readonly onFavouritesHover?: (inside: boolean) => void;
  readonly onCartHover?: (inside: boolean) => void;
}

export function SiteHeader({
  favouritesCount,
  cartQuantity,
  accountBadge,
  clientId,
  signedIn,
  isAdmin,
  search,
  nav,
  onLogout,
  favouritesPanel,
  cartPanel,
  onFavouritesHover,
  onCartHover,
}: SiteHeaderProps) {
  const account = accountLink({ signedIn, clientId, isAdmin });
  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <Logo />
        <ButtonLink href="/categories" variant="accent" className={styles.catalogue}>
          <LayoutGrid size={18} aria-hidden="true" />
          Каталог
        </ButtonLink>
        <div className={styles.search}>{search}</div>
        <div className={styles.actions}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the link itself is the keyboard path */}
          <div
            className={styles.hoverAnchor}
            onMouseEnter={() => onFavouritesHover?.(true)}
            onMouseLeave={() => onFavouritesHover?.(false)}
          >
            <IconLink
              href="/favorites"
              aria-label={`Избранное: ${favouritesCount} ${pluralizeProducts(favouritesCount)}`}
              icon={<Heart size={22} aria-hidden="true" />}
              count={favouritesCount}
            />
            {favouritesPanel && <div className={styles.panel}>{favouritesPanel}</div>}
          </div>
          <IconLink
            href={account.href}
            aria-label={
              signedIn && accountBadge > 0
                ? `${account.label}, новых уведомлений: ${accountBadge}`
                : account.label
            }
            icon={<UserRound size={22} aria-hidden="true" />}
            count={signedIn ? accountBadge : 0}
          />
          {signedIn && onLogout && (
            <IconButton
              aria-label="Выйти"
              icon={<LogOut size={20} aria-hidden="true" />}
              onClick={onLogout}
            />
          )}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the link itself is the keyboard path */}
          <div
            className={styles.hoverAnchor}
            onMouseEnter={() => onCartHover?.(true)}
            onMouseLeave={() => onCartHover?.(false)}
          >
            <IconLink
              href="/cart"
              aria-label={`Корзина: ${cartQuantity} ${pluralizeProducts(cartQuantity)}`}
              icon={<ShoppingBag size={22} aria-hidden="true" />}
              count={cartQuantity}
            />
            {cartPanel && <div className={styles.panel}>{cartPanel}</div>}
          </div>
        </div>
      </div>
      {nav && <div className={styles.nav}>{nav}</div>}
    </header>
  );
}
