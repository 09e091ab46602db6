/**
 * Rules of the category mega menu (spec §4 "Mega menu"): which roots open a panel and which are
 * plain links, the promo banner on the third level, and how the menu is driven at each width.
 */
import { joinSlugPath, slugSegments } from './category-tree';
import { encodeUriComponentSafe } from './query-params';

/** Spec §4: these roots are plain accent links with their own short labels, not panels. */
export const ACCENT_ROOTS = {
  'posledniy-shans': 'Распродажа',
  'brendy-proizvoditeli': 'Бренды',
  vdohnovenie: 'Вдохновение',
} as const satisfies Readonly<Record<string, string>>;

type AccentRootSlug = keyof typeof ACCENT_ROOTS;

/** Spec §4: 'bytovaya-tehnika' links straight to its category instead of opening a panel. */
export const DIRECT_LINK_ROOTS: readonly string[] = ['bytovaya-tehnika'];

export type MenuRootKind = 'accent-link' | 'direct-link' | 'panel';

function isAccentRoot(slug: string): slug is AccentRootSlug {
  return Object.hasOwn(ACCENT_ROOTS, slug);
}

export function menuRootKind(slug: string): MenuRootKind {
  if (isAccentRoot(slug)) return 'accent-link';
  if (DIRECT_LINK_ROOTS.includes(slug)) return 'direct-link';
  return 'panel';
}

/** The label of an accent root ('Распродажа' for posledniy-shans); null for any other slug. */
export function accentLabel(slug: string): string | null {
  return isAccentRoot(slug) ? ACCENT_ROOTS[slug] : null;
}

/**
 * '/category/mebel/krovati' for a slug path (a string or a list, joined like joinSlugPath); each
 * segment is URL-encoded so an odd slug cannot break out of the path.
 */
export function categoryHref(slugPath: string | readonly string[]): string {
  return `/category/${slugSegments(slugPath).map(encodeUriComponentSafe).join('/')}`;
}

export type PromoBannerKind = 'kovry' | 'krovati' | 'matrasy' | 'default';

export interface PromoBanner {
  readonly kind: PromoBannerKind;
  readonly text: string;
}

/** Spec §4 promo banners by slug; krovati's text is the spec's, the others complete its outline. */
export const PROMO_BANNERS: Readonly<Record<PromoBannerKind, PromoBanner>> = {
  kovry: { kind: 'kovry', text: 'Ковры из шерсти и хлопка — тепло и уют в каждой комнате' },
  krovati: { kind: 'krovati', text: 'Кровать + матрас = скидка 20%' },
  matrasy: { kind: 'matrasy', text: 'Матрас + наматрасник = скидка 10%' },
  // The promo bar promises discounts up to 25% (spec §1); the default banner repeats that offer.
  default: { kind: 'default', text: 'Скидки до 25% на мебель и декор' },
};

function isSpecificBanner(segment: string): segment is Exclude<PromoBannerKind, 'default'> {
  return segment === 'kovry' || segment === 'krovati' || segment === 'matrasy';
}

/**
 * The banner for a category slug or slug path. The deepest segment with its own banner wins, so a
 * subcategory such as 'mebel/krovati/dvuspalnye' shows the beds offer; otherwise the default.
 */
export function promoBannerFor(slugOrPath: string | readonly string[]): PromoBanner {
  const segments = slugSegments(joinSlugPath(slugOrPath));
  for (let i = segments.length - 1; i >= 0; i -= 1) {
    const segment = segments[i];
    if (segment !== undefined && isSpecificBanner(segment)) return PROMO_BANNERS[segment];
  }
  return PROMO_BANNERS.default;
}

/** Spec §4/§9: up to 768 px the levels stack, up to 1200 px a click selects, wider screens hover. */
export const MENU_BREAKPOINTS = { stacked: 768, click: 1200 } as const;

export type MenuInteractionMode = 'stacked' | 'click' | 'hover';

/**
 * How the menu is driven at a viewport width (both limits inclusive). A width that is not a number
 * gets the stacked mode, which works with touch and mouse alike.
 */
export function menuModeForWidth(width: number): MenuInteractionMode {
  if (Number.isNaN(width) || width <= MENU_BREAKPOINTS.stacked) return 'stacked';
  if (width <= MENU_BREAKPOINTS.click) return 'click';
  return 'hover';
}
