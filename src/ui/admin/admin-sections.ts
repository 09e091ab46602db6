import type { AdminResetGroup } from '../../application/machines/admin-counters.machine';

/**
 * The back office's sections, in sidebar order (spec §2 "Protected admin area"). One list for the
 * sidebar, the drawer and the index page's shortcuts: a new section is one entry here plus its route
 * file under src/ui/routes/admin/. `badge` names the admin counters group whose sum the entry shows.
 */
export type AdminSectionIcon =
  | 'home'
  | 'orders'
  | 'requests'
  | 'clients'
  | 'products'
  | 'promocodes'
  | 'dicts'
  | 'news'
  | 'pages'
  | 'content';

export interface AdminSection {
  /** The section's path; the entry is current on it and on every path below it. */
  readonly to: string;
  readonly label: string;
  readonly icon: AdminSectionIcon;
  readonly badge?: AdminResetGroup;
  /** The sidebar draws a thin divider and this caption above the entry. */
  readonly group: 'work' | 'catalogue';
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin', label: 'Главная', icon: 'home', group: 'work' },
  { to: '/admin/orders', label: 'Заказы', icon: 'orders', badge: 'orders', group: 'work' },
  { to: '/admin/client-requests', label: 'Заявки', icon: 'requests', badge: 'requests', group: 'work' },
  { to: '/admin/clients', label: 'Клиенты', icon: 'clients', group: 'work' },
  // 152-FZ consent records and their CSV (issue 26, item 3; docs/privacy.md).
  { to: '/admin/consents', label: 'Согласия', icon: 'pages', group: 'work' },
  { to: '/admin/products', label: 'Товары', icon: 'products', group: 'catalogue' },
  { to: '/admin/promocodes', label: 'Промокоды', icon: 'promocodes', group: 'catalogue' },
  { to: '/admin/dicts', label: 'Справочники', icon: 'dicts', group: 'catalogue' },
  { to: '/admin/news', label: 'Новости', icon: 'news', group: 'catalogue' },
  { to: '/admin/static-pages', label: 'Страницы', icon: 'pages', group: 'catalogue' },
  { to: '/admin/content', label: 'Контент', icon: 'content', group: 'catalogue' },
];

export const ADMIN_GROUP_CAPTIONS: Readonly<Record<AdminSection['group'], string>> = {
  work: 'Работа',
  catalogue: 'Каталог и контент',
};

/** Whether `section` is the one the path is in ('/admin' only on itself, the others on their subtree). */
export function isSectionCurrent(section: AdminSection, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (section.to === '/admin') return path === '/admin';
  return path === section.to || path.startsWith(`${section.to}/`);
}
