/** One step of a page's breadcrumbs (spec §2 "crumbs"): the shop's pages from home to the current one. */
export interface Crumb {
  readonly label: string;
  /** Omitted for the current page (the last crumb). */
  readonly href?: string;
}

export const HOME_CRUMB: Crumb = { label: 'Главная', href: '/' };
export const CATALOGUE_CRUMB: Crumb = { label: 'Каталог', href: '/categories' };
