import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { pluralizeProducts } from '../../../shared-rules/plural-rule';
import { type Contacts, DEFAULT_CONTACTS, phoneHref } from '../../domain/contacts';
import { AppLink } from './app-link';
import { Button, ButtonLink } from './button';
import { IconButton, IconLink } from './icon-button';
import { Heart, LogOut, Menu, ShoppingBag, UserRound, X } from './icons';
import { Logo } from './logo';
import * as styles from './mobile-header.css';
import { focusableWithin } from './modal';
import type { HeaderIndicators } from './site-header';
import { accountLink, BURGER_LINKS } from './site-links';

export interface MobileHeaderProps extends HeaderIndicators {
  readonly search: ReactNode;
  readonly menuOpen: boolean;
  readonly onMenuOpenChange: (open: boolean) => void;
  readonly onLogout?: () => void;
  readonly contacts?: Contacts;
  /** The category menu inside the burger (the mega menu's stacked mode, up to 768 px). */
  readonly catalogue?: ReactNode;
}

/** The header up to 768 px (spec §2): the same items plus a burger menu. */
export function MobileHeader({
  favouritesCount,
  cartQuantity,
  accountBadge,
  clientId,
  signedIn,
  isAdmin,
  search,
  menuOpen,
  onMenuOpenChange,
  onLogout,
  contacts = DEFAULT_CONTACTS,
  catalogue,
}: MobileHeaderProps) {
  const account = accountLink({ signedIn, clientId, isAdmin });
  const menuId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const burger = burgerRef.current;
    panelRef.current?.querySelector<HTMLElement>('[data-menu-close]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onMenuOpenChange(false);
    };
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      burger?.focus();
    };
  }, [menuOpen, onMenuOpenChange]);
  const close = () => onMenuOpenChange(false);
  // The open menu covers the page, so Tab cycles inside it like in a modal.
  const trapTab = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableWithin(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <IconButton
          ref={burgerRef}
          aria-label="Открыть меню"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          icon={<Menu size={24} aria-hidden="true" />}
          onClick={() => onMenuOpenChange(true)}
        />
        <div className={styles.logo}>
          <Logo />
        </div>
        <IconLink
          href="/favorites"
          aria-label={`Избранное: ${favouritesCount} ${pluralizeProducts(favouritesCount)}`}
          icon={<Heart size={22} aria-hidden="true" />}
          count={favouritesCount}
        />
        <IconLink
          href={account.href}
          aria-label={account.label}
          icon={<UserRound size={22} aria-hidden="true" />}
          count={signedIn ? accountBadge : 0}
        />
        <IconLink
          href="/cart"
          aria-label={`Корзина: ${cartQuantity} ${pluralizeProducts(cartQuantity)}`}
          icon={<ShoppingBag size={22} aria-hidden="true" />}
          count={cartQuantity}
        />
      </div>
      <div className={styles.searchRow}>{search}</div>
      {/* A portal: the sticky header is its own stacking context, and the open menu must cover the
          floating buttons too. */}
      {menuOpen &&
        createPortal(
          <div className={styles.menu} id={menuId}>
            <button
              type="button"
              className={styles.menuBackdrop}
              aria-label="Закрыть меню"
              tabIndex={-1}
              onClick={close}
            />
            <nav ref={panelRef} className={styles.menuPanel} aria-label="Меню" onKeyDown={trapTab}>
              <div className={styles.menuHead}>
                <Logo />
                <IconButton
                  aria-label="Закрыть меню"
                  data-menu-close="true"
                  icon={<X size={24} aria-hidden="true" />}
                  onClick={close}
                />
              </div>
              {catalogue ?? (
                <ButtonLink href="/categories" variant="accent" fullWidth onClick={close}>
                  Каталог товаров
                </ButtonLink>
              )}
              <ul className={styles.menuLinks}>
                {BURGER_LINKS.map((link) => (
                  <li key={link.href}>
                    <AppLink href={link.href} className={styles.menuLink} onClick={close}>
                      {link.label}
                    </AppLink>
                  </li>
                ))}
              </ul>
              {signedIn && onLogout && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    close();
                    onLogout();
                  }}
                >
                  <LogOut size={18} aria-hidden="true" />
                  Выйти
                </Button>
              )}
              <div className={styles.menuContacts}>
                <a href={phoneHref(contacts)} className={styles.menuPhone}>
                  {contacts.phoneDisplay}
                </a>
                <span>{contacts.schedule}</span>
                <span>{contacts.address}</span>
              </div>
            </nav>
          </div>,
          document.body,
        )}
    </header>
  );
}
