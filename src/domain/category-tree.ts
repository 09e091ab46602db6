/**
 * The category tree of the storefront (spec §3 "Category", §2 "/category/{slug path}", §9 root order).
 *
 * Rules: only active categories are used, and an inactive category hides its whole subtree; children
 * hang under their parent_id; roots follow the spec's fixed order with unknown slugs last; a
 * category's URL path is its ancestors' slugs joined with '/'. Input is data from the API, so every
 * function is total on broken shapes: duplicate ids, missing parents and parent cycles.
 */

/** A cross-link as the API may send it: a category id, or an object naming the target. */
type CategoryRef =
  | number
  | string
  | {
      readonly id?: unknown;
      readonly category_id?: unknown;
      readonly ref_id?: unknown;
      readonly slug?: unknown;
    };

export interface Category {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly active: boolean;
  /** null (or absent, or 0) for a root. */
  readonly parent_id: number | null;
  /** Cross-links to other categories; the API uses either name (spec §3 "refs or category_refs"). */
  readonly refs?: readonly CategoryRef[] | null;
  readonly category_refs?: readonly CategoryRef[] | null;
}

/** A reachable category with its place in the tree. */
export interface CategoryNode {
  readonly category: Category;
  /** 'mebel/krovati/dvuspalnye' — the path under /category/. */
  readonly slugPath: string;
  /** 0 for a root. */
  readonly depth: number;
  readonly children: readonly CategoryNode[];
}

/**
 * Spec §9 root order. The spec abbreviates one entry as "santeh..." without its full slug, so it is
 * matched as a prefix (see rootRank).
 */
export const ROOT_ORDER = [
  'leto-i-dacha',
  'mebel',
  'dekor',
  'posuda-i-kuhnya',
  'son-i-otdykh',
  'tekstil',
  'kovry',
  'santeh',
  'osveshchenie',
  'bytovaya-tehnika',
  'po-komnatam',
  'brendy-proizvoditeli',
  'vdohnovenie',
  'posledniy-shans',
] as const;

const SANITARY_PREFIX = 'santeh';

/**
 * The deepest level shown (roots are depth 0). The real catalogue is four levels deep; the cap only
 * guards against hostile or broken data, where a chain of thousands of levels would make every path
 * string as long as the chain (quadratic time and memory).
 */
export const MAX_CATEGORY_DEPTH = 32;

/** Position of a root slug in ROOT_ORDER; unknown slugs rank after every known one. */
export function rootRank(slug: string): number {
  const exact = ROOT_ORDER.indexOf(slug as (typeof ROOT_ORDER)[number]);
  if (exact >= 0) return exact;
  if (slug.startsWith(SANITARY_PREFIX)) return ROOT_ORDER.indexOf(SANITARY_PREFIX);
  return ROOT_ORDER.length;
}

/** The API may mark activity as a boolean or as 1/0; nothing else counts as active. */
function isActive(category: Category): boolean {
  const active: unknown = category.active;
  return active === true || active === 1;
}

function isCategoryId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The parent id, or null for a root: null, absent, 0 or anything that is not an id. */
function parentOf(category: Category): number | null {
  const parent: unknown = category.parent_id;
  return isCategoryId(parent) ? parent : null;
}

/** Usable input rows: a valid id and a non-blank slug; the first row wins when ids repeat. */
function uniqueById<C extends Category>(categories: readonly C[]): Map<number, C> {
  const byId = new Map<number, C>();
  for (const category of categories) {
    if (typeof category !== 'object' || category === null) continue;
    // A category without a slug has no URL, so it cannot be shown.
    if (!isCategoryId(category.id) || typeof category.slug !== 'string' || joinSlugPath(category.slug) === '')
      continue;
    if (!byId.has(category.id)) byId.set(category.id, category);
  }
  return byId;
}

/** Splits a slug path ('mebel/krovati' or ['mebel', 'krovati/dvuspalnye']) into clean segments. */
export function slugSegments(path: string | readonly string[]): string[] {
  const parts = typeof path === 'string' ? [path] : path;
  return (
    parts
      .filter((part): part is string => typeof part === 'string')
      .flatMap((part) => part.split('/'))
      .map((segment) => segment.trim())
      // '.' and '..' are never slugs; in a URL they would climb out of /category/ ('/category/../admin').
      .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}

/**
 * Spec §2: "a slug given as a list is joined with '/'". Empty segments and stray slashes are
 * dropped, so joinSlugPath(['mebel/', '', 'krovati']) === 'mebel/krovati'.
 */
export function joinSlugPath(path: string | readonly string[]): string {
  return slugSegments(path).join('/');
}

/** The active tree plus lookups built once from the flat list. */
export interface CategoryIndex {
  readonly roots: readonly CategoryNode[];
  /** Every reachable (shown) category by id. */
  readonly byId: ReadonlyMap<number, CategoryNode>;
  /** Every reachable category by its full slug path. */
  readonly byPath: ReadonlyMap<string, CategoryNode>;
}

export function indexCategories(categories: readonly Category[]): CategoryIndex {
  const byIdAll = uniqueById(categories);
  const childrenOf = new Map<number, Category[]>();
  const roots: Category[] = [];
  for (const category of byIdAll.values()) {
    if (!isActive(category)) continue;
    const parent = parentOf(category);
    if (parent === null) {
      roots.push(category);
    } else {
      const siblings = childrenOf.get(parent) ?? [];
      siblings.push(category);
      childrenOf.set(parent, siblings);
    }
  }
  // Stable sort: roots with the same rank (all unknown slugs) keep the API's order.
  roots.sort((a, b) => rootRank(a.slug) - rootRank(b.slug));

  const byId = new Map<number, CategoryNode>();
  const byPath = new Map<string, CategoryNode>();
  // Walking down from roots reaches only categories whose every ancestor is active; a category in a
  // parent cycle or under a missing parent has no root above it and is never reached. The walk is a
  // loop rather than recursion so a hostile, very deep chain cannot overflow the stack; `byId`
  // doubles as the visited set, so nothing appears twice.
  const pending: { node: CategoryNode; children: CategoryNode[] }[] = [];
  const place = (category: Category, parentPath: string, depth: number): CategoryNode => {
    const children: CategoryNode[] = [];
    const slugPath = joinSlugPath([parentPath, category.slug]);
    const node: CategoryNode = { category, slugPath, depth, children };
    byId.set(category.id, node);
    if (!byPath.has(slugPath)) byPath.set(slugPath, node);
    pending.push({ node, children });
    return node;
  };
  const rootNodes = roots.map((root) => place(root, '', 0));
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, children } = next;
    if (node.depth >= MAX_CATEGORY_DEPTH) continue;
    for (const child of childrenOf.get(node.category.id) ?? []) {
      if (!byId.has(child.id)) children.push(place(child, node.slugPath, node.depth + 1));
    }
  }
  return { roots: rootNodes, byId, byPath };
}

/** The menu tree: active categories only, roots in the spec's order, children in the API's order. */
export function buildCategoryTree(categories: readonly Category[]): readonly CategoryNode[] {
  return indexCategories(categories).roots;
}

/**
 * The category and its ancestors, root first ('Мебель' → 'Кровати' → 'Двуспальные'), found by
 * walking parent_id upwards through the flat list (activity does not matter here). Total on broken
 * data: a missing parent ends the walk (the chain then starts at the highest category found), a
 * parent cycle stops it before the first repeat, and rows without a usable id or slug are skipped,
 * so the chain is finite, holds each id once and is never longer than the list. Empty when the id
 * is unknown.
 */
export function categoryAncestry<C extends Category>(categories: readonly C[], id: number): readonly C[] {
  const byId = uniqueById(categories);
  const seen = new Set<number>();
  const chain: C[] = [];
  for (let current = byId.get(id); current !== undefined && !seen.has(current.id); ) {
    seen.add(current.id);
    chain.push(current);
    const parent = parentOf(current);
    current = parent === null ? undefined : byId.get(parent);
  }
  return chain.reverse();
}

/**
 * 'mebel/krovati/dvuspalnye' for a category: the slugs of its ancestry (see categoryAncestry, so a
 * cycle or a missing parent still gives a finite path). null when the id is unknown.
 */
export function categorySlugPath(categories: readonly Category[], id: number): string | null {
  const chain = categoryAncestry(categories, id);
  if (chain.length === 0) return null;
  return joinSlugPath(chain.map((category) => category.slug));
}

/**
 * The shown category at a /category/ path. An exact full path wins; otherwise a shorter path that
 * ends a unique category's full path is accepted ('krovati/dvuspalnye' → 'mebel/krovati/dvuspalnye'),
 * so links written without the top levels still open. null when nothing or more than one matches.
 */
export function findCategoryBySlugPath(
  categories: readonly Category[] | CategoryIndex,
  path: string | readonly string[],
): CategoryNode | null {
  const index = isIndex(categories) ? categories : indexCategories(categories);
  const wanted = joinSlugPath(path);
  if (wanted === '') return null;
  const exact = index.byPath.get(wanted);
  if (exact !== undefined) return exact;
  const suffix = `/${wanted}`;
  const matches = [...index.byId.values()].filter((node) => node.slugPath.endsWith(suffix));
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

function isIndex(value: readonly Category[] | CategoryIndex): value is CategoryIndex {
  return !Array.isArray(value);
}

/** The target of one ref: a category id (number or decimal string), or an object with id or slug. */
function resolveRef(ref: unknown, index: CategoryIndex): CategoryNode | undefined {
  if (typeof ref === 'number') return index.byId.get(ref);
  if (typeof ref === 'string') return /^\d{1,15}$/.test(ref.trim()) ? index.byId.get(Number(ref)) : undefined;
  if (typeof ref !== 'object' || ref === null) return undefined;
  const record = ref as Record<string, unknown>;
  const id = record.id ?? record.category_id ?? record.ref_id;
  if (typeof id === 'number' || typeof id === 'string') return resolveRef(id, index);
  if (typeof record.slug === 'string') {
    const slug = record.slug.trim();
    return [...index.byId.values()].find((node) => node.category.slug === slug);
  }
  return undefined;
}

/**
 * The category's cross-links (spec §3 "refs or category_refs"), both fields read, resolved to shown
 * categories only: unknown, inactive or hidden targets and the category itself are dropped, and each
 * target appears once, in the order the refs list them.
 */
export function crossLinks(
  category: Category,
  categories: readonly Category[] | CategoryIndex,
): readonly CategoryNode[] {
  const index = isIndex(categories) ? categories : indexCategories(categories);
  const refs: unknown[] = [];
  for (const list of [category.refs, category.category_refs]) {
    if (Array.isArray(list)) refs.push(...list);
  }
  const seen = new Set<number>([category.id]);
  const result: CategoryNode[] = [];
  for (const ref of refs) {
    const node = resolveRef(ref, index);
    if (node !== undefined && !seen.has(node.category.id)) {
      seen.add(node.category.id);
      result.push(node);
    }
  }
  return result;
}
