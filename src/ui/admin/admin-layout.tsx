import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { LogOut, Menu, Store, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { adminResetGroupForPath } from '../../application/machines/admin-counters.machine';
import { useAuthView } from '../routes/-client/shop-hooks';
import { shopChild, useShopRuntime } from '../shell/shop-context';
import { skipLink, visuallyHidden } from '../theme/utilities.css';
import { badgeText, sectionBadgeCount, totalUnread, useAdminCounters } from './admin-hooks';
import { AdminIcon } from './admin-icon';
import * as styles from './admin-layout.css';
import {
  ADMIN_GROUP_CAPTIONS,
  ADMIN_SECTIONS,
  type AdminSection,
  isSectionCurrent,
  sectionsFor,
} from './admin-sections';

const ADMIN_BRAND = 'Дом и Стиль';
const ADMIN_CAPTION = 'Панель управления';
const SIGN_OUT_LABEL = 'Выйти';
/**
 * The spaces of the hidden words between visible ones: a visually hidden span is laid out on its own,
 * and the browser drops its ordinary leading and trailing spaces from the accessible name.
 */
const NBSP = '\u00a0';

/** Spec §2: opening the orders list or the requests inbox resets that group's counters. */
function useCounterResetOnPath(pathname: string) {
  const shop = useShopRuntime();
  useEffect(() => {
    const group = adminResetGroupForPath(pathname);
    if (group !== null) shopChild(shop, 'adminCounters').send({ type: 'counters.resetRequested', group });
  }, [shop, pathname]);
}

function SectionLink({ section, pathname }: { section: AdminSection; pathname: string }) {
  const counters = useAdminCounters();
  const count = sectionBadgeCount(section, counters);
  const current = isSectionCurrent(section, pathname);
  return (
    <Link
      to={section.to}
      className={styles.navLink}
      // The router marks the current section (aria-current="page"): «Главная» on /admin only, the
      // others on their whole subtree, whatever the list's filters.
      activeOptions={{ exact: section.to === '/admin', includeSearch: false }}
      data-current={current}
    >
      <AdminIcon icon={section.icon} />
      <span className={styles.navLabel}>{section.label}</span>
      {/* The name is the visible text with the badge in it, «Заказы 5 непрочитанных» (axe label-in-name). */}
      {count > 0 && (
        <>
          <span className={styles.navBadge} data-badge={section.badge}>
            {badgeText(count)}
          </span>
          <span className={visuallyHidden}>{NBSP}непрочитанных</span>
        </>
      )}
    </Link>
  );
}

function SectionsNav({ pathname, label }: { pathname: string; label: string }) {
  // Only what the staff member's role opens (shared-rules/staff-role-rule.ts); the server refuses the rest.
  const role = useAuthView().identity.staffRole;
  let lastGroup: AdminSection['group'] | null = null;
  return (
    <nav className={styles.nav} aria-label={label}>
      {sectionsFor(role).map((section) => {
        const caption = section.group !== lastGroup && lastGroup !== null;
        lastGroup = section.group;
        return (
          <div key={section.to}>
            {caption && <p className={styles.groupCaption}>{ADMIN_GROUP_CAPTIONS[section.group]}</p>}
            <SectionLink section={section} pathname={pathname} />
          </div>
        );
      })}
    </nav>
  );
}

function Brand() {
  return (
    // Named by its visible text, «Дом и Стиль — Панель управления» (axe label-in-name).
    <Link to="/admin" className={styles.brand}>
      <span className={styles.brandMark} aria-hidden="true">
        <Store width={20} height={20} />
      </span>
      <span className={styles.brandText}>
        <span className={styles.brandName}>{ADMIN_BRAND}</span>
        <span className={visuallyHidden}>{`${NBSP}—${NBSP}`}</span>
        <span className={styles.brandCaption}>{ADMIN_CAPTION}</span>
      </span>
    </Link>
  );
}

function AccountBlock({ adminLabel, onSignOut }: { adminLabel: string; onSignOut?: () => void }) {
  const shop = useShopRuntime();
  const navigate = useNavigate();
  const signOut = () => {
    onSignOut?.();
    shopChild(shop, 'auth').send({ type: 'auth.logoutRequested' });
    void navigate({ to: '/admin/login' });
  };
  return (
    <div className={styles.account}>
      <span className={styles.accountName} data-testid="admin-identity">
        {adminLabel}
      </span>
      <div className={styles.accountRow}>
        <a href="/" className={styles.accountButton} target="_blank" rel="noopener">
          <Store width={16} height={16} aria-hidden="true" />
          На сайт
        </a>
        <button type="button" className={styles.accountButton} onClick={signOut}>
          <LogOut width={16} height={16} aria-hidden="true" />
          {SIGN_OUT_LABEL}
        </button>
      </div>
    </div>
  );
}

function currentSectionLabel(pathname: string): string {
  return ADMIN_SECTIONS.find((section) => isSectionCurrent(section, pathname))?.label ?? ADMIN_CAPTION;
}

/**
 * The back office's own chrome (spec §2): a dark sidebar with the sections and their unread badges,
 * the signed-in administrator and sign-out; on phones (≤ 768 px) a top bar whose menu button opens
 * the same sections in a drawer.
 */
export function AdminLayout({
  children,
  adminLabel,
  onSignOut,
}: {
  children: ReactNode;
  /** The signed-in administrator's e-mail (or «Администратор»). */
  adminLabel: string;
  onSignOut?: () => void;
}) {
  const pathname = useLocation({ select: (location) => location.pathname });
  useCounterResetOnPath(pathname);
  const counters = useAdminCounters();
  const unread = totalUnread(counters);
  // The drawer is a view detail (open or not), not behaviour of the shop: local state is enough.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // A navigation closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className={styles.shell} data-admin-shell="">
      <a href="#admin-main" className={skipLink}>
        Перейти к содержимому
      </a>
      <aside className={styles.sidebar} aria-label={ADMIN_CAPTION}>
        <Brand />
        <SectionsNav pathname={pathname} label="Разделы" />
        <AccountBlock adminLabel={adminLabel} {...(onSignOut === undefined ? {} : { onSignOut })} />
      </aside>
      <div>
        <header className={styles.topBar}>
          <button
            ref={menuButton}
            type="button"
            className={styles.topBarButton}
            aria-label={unread > 0 ? `Открыть меню, непрочитанных: ${unread}` : 'Открыть меню'}
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu width={22} height={22} aria-hidden="true" />
            {unread > 0 && (
              <span className={styles.topBarDot} aria-hidden="true">
                {badgeText(unread)}
              </span>
            )}
          </button>
          <span className={styles.topBarTitle}>{currentSectionLabel(pathname)}</span>
        </header>
        {drawerOpen && (
          <>
            <div className={styles.drawerBackdrop} aria-hidden="true" onClick={() => setDrawerOpen(false)} />
            <div id={drawerId} className={styles.drawer} role="dialog" aria-modal="true" aria-label="Меню">
              <div className={styles.accountRow}>
                <Brand />
                <button
                  ref={closeButton}
                  type="button"
                  className={styles.topBarButton}
                  aria-label="Закрыть меню"
                  onClick={() => setDrawerOpen(false)}
                >
                  <X width={22} height={22} aria-hidden="true" />
                </button>
              </div>
              <SectionsNav pathname={pathname} label="Разделы" />
              <AccountBlock adminLabel={adminLabel} {...(onSignOut === undefined ? {} : { onSignOut })} />
            </div>
          </>
        )}
        <main id="admin-main" tabIndex={-1} className={styles.main}>
          <div className={styles.mainInner}>{children}</div>
        </main>
      </div>
    </div>
  );
}

/** The sign-in page's chrome: the form alone, centred. */
export function AdminLoginLayout({ children }: { children: ReactNode }) {
  return (
    <main id="admin-main" className={styles.loginShell}>
      <div className={styles.loginCard}>
        <div className={styles.loginBrand}>
          <span className={styles.brandMark} aria-hidden="true">
            <Store width={20} height={20} />
          </span>
          <span className={styles.brandText}>
            <span className={styles.brandName}>{ADMIN_BRAND}</span>
            <span className={styles.loginCaption}>{ADMIN_CAPTION}</span>
          </span>
        </div>
        {children}
      </div>
    </main>
  );
}
