/**
 * The fixed link lists of the shell (spec §2 "Header and global elements", "Public routes").
 * Kept in one place so the info bar, the burger menu and the footers cannot drift apart.
 */
export interface SiteLink {
  readonly label: string;
  readonly href: string;
}

/** Info bar: professionals, guarantees and returns, contacts, delivery, payment. */
export const INFO_BAR_LINKS: readonly SiteLink[] = [
  { label: 'Профессионалам', href: '/pages/professionals' },
  { label: 'Гарантии и возврат', href: '/pages/trust' },
  { label: 'Контакты', href: '/pages/contacts' },
  { label: 'Доставка', href: '/pages/delivery' },
  { label: 'Оплата', href: '/pages/payment' },
];

/** Mobile burger menu: payment, delivery, trust, professionals, contacts (logout is a button). */
export const BURGER_LINKS: readonly SiteLink[] = [
  { label: 'Оплата', href: '/pages/payment' },
  { label: 'Доставка', href: '/pages/delivery' },
  { label: 'Гарантии и возврат', href: '/pages/trust' },
  { label: 'Профессионалам', href: '/pages/professionals' },
  { label: 'Контакты', href: '/pages/contacts' },
];

export const CUSTOMER_LINKS: readonly SiteLink[] = [
  { label: 'Как сделать заказ', href: '/pages/how-to-order' },
  { label: 'Доставка', href: '/pages/delivery' },
  { label: 'Оплата', href: '/pages/payment' },
  { label: 'Рассрочка', href: '/pages/installment' },
  { label: 'Подарочные сертификаты', href: '/pages/gift-cards' },
  { label: 'Поддержка', href: '/pages/support' },
];

export const COMPANY_LINKS: readonly SiteLink[] = [
  { label: 'Гарантии и возврат', href: '/pages/trust' },
  { label: 'Профессионалам', href: '/pages/professionals' },
  { label: 'Новости', href: '/pages/news' },
  { label: 'Вдохновение', href: '/category/vdohnovenie' },
  { label: 'Контакты', href: '/pages/contacts' },
];

export const CATALOGUE_LINKS: readonly SiteLink[] = [
  { label: 'Весь каталог', href: '/categories' },
  { label: 'Мебель', href: '/category/mebel' },
  { label: 'Декор', href: '/category/dekor' },
  { label: 'Лето и дача', href: '/category/leto-i-dacha' },
  { label: 'Бытовая техника', href: '/category/bytovaya-tehnika' },
  { label: 'Распродажа', href: '/category/posledniy-shans' },
];

const LEGAL_LABELS = {
  privacy: 'Политика конфиденциальности',
  terms: 'Пользовательское соглашение',
  consent: 'Согласие на обработку персональных данных',
} as const;

/** Spec §2: the desktop footer links to /privacy, /terms, /consent … */
export const DESKTOP_LEGAL_LINKS: readonly SiteLink[] = [
  { label: LEGAL_LABELS.privacy, href: '/privacy' },
  { label: LEGAL_LABELS.terms, href: '/terms' },
  { label: LEGAL_LABELS.consent, href: '/consent' },
];

/** … and the other (compact) footer to /pages/privacy and the like. */
export const COMPACT_LEGAL_LINKS: readonly SiteLink[] = [
  { label: LEGAL_LABELS.privacy, href: '/pages/privacy' },
  { label: LEGAL_LABELS.terms, href: '/pages/terms' },
  { label: LEGAL_LABELS.consent, href: '/pages/consent' },
];

/** Where the account icon leads (spec §2): the client's orders when signed in, else the login page. */
/** The back office, where a signed-in administrator's account icon leads. */
const ADMIN_HOME = '/admin';

/**
 * Where the header's account icon leads and what it says. Spec §2: a client's account, else /login.
 * An administrator is signed in but has no client account: the spec's rule would send them to the
 * sign-in form, so the icon opens the back office instead (docs/architecture.md, decisions).
 */
export function accountLink(indicators: {
  readonly signedIn: boolean;
  readonly clientId: number | null;
  readonly isAdmin?: boolean | undefined;
}): { readonly href: string; readonly label: string } {
  if (indicators.signedIn && indicators.isAdmin === true)
    return { href: ADMIN_HOME, label: 'Панель управления' };
  const href = accountHref(indicators.signedIn ? indicators.clientId : null);
  return { href, label: href === '/login' ? 'Войти' : 'Личный кабинет' };
}

export function accountHref(clientId: number | null | undefined): string {
  return typeof clientId === 'number' && Number.isSafeInteger(clientId) && clientId > 0
    ? `/orders/${clientId}`
    : '/login';
}
