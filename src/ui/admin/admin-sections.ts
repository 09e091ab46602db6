import { type AdminArea, roleMayOpen, type StaffRole } from '../../../shared-rules/staff-role-rule';
import type { AdminResetGroup } from '../../application/machines/admin-counters.machine';

/**
 * The back office's sections, in sidebar order (spec §2 "Protected admin area"). One list for the
 * sidebar, the drawer and the index page's shortcuts: a new section is one entry here plus its route
 * file under src/ui/routes/admin/. `badge` names the admin counters group whose sum the entry shows;
 * `area` is the part of the back office it belongs to (shared-rules/staff-role-rule.ts): a staff
 * member sees only the sections their role opens, and the server refuses the rest anyway.
 */
export type AdminSectionIcon =
  | 'home'
  | 'orders'
  | 'requests'
  | 'clients'
  | 'products'
  | 'promocodes'
  | 'tariffs'
  | 'dicts'
  | 'news'
  | 'pages'
  | 'content'
  | 'alerts'
  | 'staff'
  | 'audit'
  | 'profile';

export interface AdminSection {
  /** The section's path; the entry is current on it and on every path below it. */
  readonly to: string;
  readonly label: string;
  readonly icon: AdminSectionIcon;
  readonly badge?: AdminResetGroup;
  /** The sidebar draws a thin divider and this caption above the entry. */
  readonly group: 'work' | 'catalogue' | 'shop';
  readonly area: AdminArea;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  // The home page's figures are orders and requests.
  { to: '/admin', label: 'Главная', icon: 'home', group: 'work', area: 'orders' },
  { to: '/admin/orders', label: 'Заказы', icon: 'orders', badge: 'orders', group: 'work', area: 'orders' },
  {
    to: '/admin/client-requests',
    label: 'Заявки',
    icon: 'requests',
    badge: 'requests',
    group: 'work',
    area: 'requests',
  },
  { to: '/admin/clients', label: 'Клиенты', icon: 'clients', group: 'work', area: 'clients' },
  { to: '/admin/deliveries', label: 'Доставки на день', icon: 'tariffs', group: 'work', area: 'delivery' },
  { to: '/admin/alerts', label: 'Уведомления', icon: 'alerts', group: 'work', area: 'common' },
  { to: '/admin/products', label: 'Товары', icon: 'products', group: 'catalogue', area: 'catalogue' },
  { to: '/admin/promocodes', label: 'Промокоды', icon: 'promocodes', group: 'catalogue', area: 'promo' },
  { to: '/admin/dicts', label: 'Справочники', icon: 'dicts', group: 'catalogue', area: 'catalogue' },
  { to: '/admin/news', label: 'Новости', icon: 'news', group: 'catalogue', area: 'content' },
  { to: '/admin/static-pages', label: 'Страницы', icon: 'pages', group: 'catalogue', area: 'content' },
  { to: '/admin/content', label: 'Контент', icon: 'content', group: 'catalogue', area: 'content' },
  {
    to: '/admin/tariffs',
    label: 'Тарифы доставки и услуги',
    icon: 'tariffs',
    group: 'shop',
    area: 'settings',
  },
  // 152-FZ consent records and their CSV (issue 26, item 3; docs/privacy.md): the owner's.
  { to: '/admin/consents', label: 'Согласия', icon: 'pages', group: 'shop', area: 'settings' },
  { to: '/admin/staff', label: 'Сотрудники', icon: 'staff', group: 'shop', area: 'staff' },
  // The audit log and one's own profile (issue 26, item 1; docs/staff.md).
  { to: '/admin/audit', label: 'Журнал действий', icon: 'audit', group: 'shop', area: 'staff' },
  { to: '/admin/profile', label: 'Профиль', icon: 'profile', group: 'shop', area: 'common' },
];

export const ADMIN_GROUP_CAPTIONS: Readonly<Record<AdminSection['group'], string>> = {
  work: 'Работа',
  catalogue: 'Каталог и контент',
  shop: 'Магазин',
};

/** The sections a staff member's role opens (all of them while the role is not known yet). */
export function sectionsFor(role: StaffRole | undefined): readonly AdminSection[] {
  return role === undefined
    ? ADMIN_SECTIONS
    : ADMIN_SECTIONS.filter((section) => roleMayOpen(role, section.area));
}

/**
 * Where a staff member may not go, the section to send them to instead: null when the path is theirs
 * (or belongs to no section), otherwise their role's first section (a content editor opening /admin
 * lands on «Товары»).
 */
export function sectionRedirect(role: StaffRole | undefined, pathname: string): string | null {
  if (role === undefined) return null;
  const section = ADMIN_SECTIONS.find((each) => isSectionCurrent(each, pathname));
  if (section === undefined || roleMayOpen(role, section.area)) return null;
  return sectionsFor(role)[0]?.to ?? '/';
}

/** Whether `section` is the one the path is in ('/admin' only on itself, the others on their subtree). */
export function isSectionCurrent(section: AdminSection, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (section.to === '/admin') return path === '/admin';
  return path === section.to || path.startsWith(`${section.to}/`);
}
