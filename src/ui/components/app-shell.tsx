import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { type Contacts, DEFAULT_CONTACTS } from '../../domain/contacts';
import { skipLink } from '../theme/utilities.css';
import * as styles from './app-shell.css';
import { FloatingButtons } from './floating-buttons';
import { InfoBar } from './info-bar';
import { MobileHeader } from './mobile-header';
import { PromoBar } from './promo-bar';
import { SearchForm, type SearchFormProps } from './search-form';
import { SiteFooter } from './site-footer';
import { type HeaderIndicators, SiteHeader } from './site-header';
import type { SocialLinks } from './social-links';
import { useScrolledPast } from './use-scrolled-past';

const GUEST: HeaderIndicators = {
  favouritesCount: 0,
  cartQuantity: 0,
  accountBadge: 0,
  clientId: null,
  signedIn: false,
};

export interface AppShellProps {
  readonly children: ReactNode;
  readonly contacts?: Contacts;
  readonly socials?: SocialLinks;
  /** The detected city; null while unknown ('Определяем город...'). */
  readonly city?: string | null;
  readonly onCityClick?: () => void;
  /**
   * The info bar drawn by a view of its own instead of from `city` (the shop's: it reads the city
   * machine itself, so a city detected after hydration renders the info bar alone, not the frame).
   */
  readonly infoBar?: ReactNode;
  readonly indicators?: HeaderIndicators;
  readonly onLogout?: () => void;
  /** Search behaviour (submit, voice); without it the form is a plain GET to /search. */
  readonly search?: SearchFormProps;
  /** Opens the feedback modal; without it the help button leads to the support page. */
  readonly onHelp?: () => void;
  /** Slots filled by machine-driven views: mega menu, hover panels, city banner, modals, toasts. */
  readonly nav?: ReactNode;
  /** The catalogue inside the burger menu (the stacked mega menu); a link to /categories without it. */
  readonly mobileNav?: ReactNode;
  readonly favouritesPanel?: ReactNode;
  readonly cartPanel?: ReactNode;
  readonly onFavouritesHover?: (inside: boolean) => void;
  readonly onCartHover?: (inside: boolean) => void;
  readonly overlays?: ReactNode;
}

/**
 * The frame of every public page: promo bar, info bar, desktop and mobile headers, main landmark,
 * footers and floating buttons. Props only — the machines' state reaches it through the root route.
 * The one piece of local state is whether the burger menu is open, which nothing else needs to know.
 */
export function AppShell({
  children,
  contacts = DEFAULT_CONTACTS,
  socials,
  city = null,
  onCityClick,
  infoBar,
  indicators = GUEST,
  onLogout,
  search,
  onHelp,
  nav,
  mobileNav,
  favouritesPanel,
  cartPanel,
  onFavouritesHover,
  onCartHover,
  overlays,
}: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolled = useScrolledPast();
  // Following a link inside the burger menu (the catalogue levels included) closes it.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the navigation itself
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);
  return (
    <div className={styles.shell}>
      <a href="#main" className={skipLink}>
        Перейти к содержимому
      </a>
      <PromoBar />
      {infoBar ?? <InfoBar city={city} onCityClick={onCityClick} contacts={contacts} />}
      <SiteHeader
        {...indicators}
        search={<SearchForm {...search} />}
        nav={nav}
        onLogout={onLogout}
        favouritesPanel={favouritesPanel}
        cartPanel={cartPanel}
        onFavouritesHover={onFavouritesHover}
        onCartHover={onCartHover}
      />
      <MobileHeader
        {...indicators}
        search={<SearchForm {...search} />}
        menuOpen={menuOpen}
        onMenuOpenChange={setMenuOpen}
        onLogout={onLogout}
        contacts={contacts}
        catalogue={mobileNav}
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter contacts={contacts} socials={socials} />
      <FloatingButtons
        onHelp={onHelp}
        showScrollTop={scrolled}
        onScrollTop={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        contacts={contacts}
        socials={socials}
      />
      {overlays}
    </div>
  );
}
