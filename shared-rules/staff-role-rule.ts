/**
 * Staff roles of the back office and the admin areas each may open — the one map the server's guard
 * (server/http/routes/session.hooks.ts) and the browser's menu and route guards read (docs/staff.md).
 *
 * Why promo codes belong to the content editor and not to the manager (docs/staff.md «Roles»): a code
 * is a campaign, announced in banners, news and the subscription mail the editor writes; a manager only
 * applies an existing code to an order (the order's «Промокод», area `orders`) and cannot invent a
 * discount of their own. SEO texts, popular tags and style categories are content.
 */
export const STAFF_ROLES = ['owner', 'manager', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  content: 'Контент-редактор',
};

/**
 * The parts of the back office a route belongs to. `common` is what every staff member needs to work
 * at all (the unread counters, the staff names in an assignee select, their own profile and second
 * factor).
 */
export const ADMIN_AREAS = [
  'common',
  'orders',
  'requests',
  'clients',
  'delivery',
  'catalogue',
  'content',
  'promo',
  'staff',
  'settings',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

export const ADMIN_AREA_LABELS: Readonly<Record<AdminArea, string>> = {
  common: 'Общее',
  orders: 'Заказы',
  requests: 'Заявки',
  clients: 'Клиенты',
  delivery: 'Дни доставки',
  catalogue: 'Каталог',
  content: 'Контент',
  promo: 'Промокоды',
  staff: 'Сотрудники',
  settings: 'Настройки',
};

export const STAFF_ROLE_AREAS: Readonly<Record<StaffRole, readonly AdminArea[]>> = {
  owner: ADMIN_AREAS,
  manager: ['common', 'orders', 'requests', 'clients', 'delivery'],
  content: ['common', 'catalogue', 'content', 'promo'],
};

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

export const isAdminArea = (value: unknown): value is AdminArea =>
  typeof value === 'string' && (ADMIN_AREAS as readonly string[]).includes(value);

export const roleMayOpen = (role: StaffRole, area: AdminArea): boolean =>
  STAFF_ROLE_AREAS[role].includes(area);

/** The 403 message of a staff member whose role does not include the area. */
export const areaRefusedMessage = (area: AdminArea): string =>
  `Раздел «${ADMIN_AREA_LABELS[area]}» недоступен вашей роли. Обратитесь к владельцу магазина.`;
