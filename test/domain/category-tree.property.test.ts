import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  buildCategoryTree,
  type Category,
  type CategoryNode,
  categorySlugPath,
  crossLinks,
  findCategoryBySlugPath,
  indexCategories,
  joinSlugPath,
} from '../../src/domain/category-tree';

const SPEC_ORDER = [
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
];
const SLUG_POOL = [...SPEC_ORDER.filter((s) => s !== 'santeh'), 'santehnika', 'krovati', 'novinki', 'aktsii'];

/** Independent statement of the spec's root order, not the module's own rank function. */
function expectedRank(slug: string): number {
  const index = SPEC_ORDER.findIndex((entry) =>
    entry === 'santeh' ? slug.startsWith(entry) : slug === entry,
  );
  return index === -1 ? SPEC_ORDER.length : index;
}

/**
 * Flat category lists with every kind of damage: parents that are missing, point at themselves
 * or form cycles, inactive ancestors, parent_id 0. Slugs are unique so paths are unique too.
 */
const flatCategories = fc
  .integer({ min: 0, max: 30 })
  .chain((count) =>
    fc.tuple(
      fc.shuffledSubarray(SLUG_POOL, {
        minLength: Math.min(count, SLUG_POOL.length),
        maxLength: SLUG_POOL.length,
      }),
      fc.array(
        fc.record({
          parent: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, fc.constant(0), {
            weight: 4,
            arbitrary: fc.integer({ min: 1, max: count + 3 }),
          }),
          active: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
        }),
        { minLength: count, maxLength: count },
      ),
    ),
  )
  .map(([pool, rows]): Category[] =>
    rows.map((row, i) => ({
      id: i + 1,
      name: `Категория ${i + 1}`,
      slug: pool[i] ?? `c${i + 1}`,
      active: row.active,
      parent_id: row.parent,
    })),
  );

/** Oracle: shown when the category and all its ancestors are active and the chain ends at a root. */
function shouldShow(all: readonly Category[], category: Category): boolean {
  const byId = new Map(all.map((c) => [c.id, c]));
  const seen = new Set<number>();
  let current: Category | undefined = category;
  while (current !== undefined) {
    if (!current.active || seen.has(current.id)) return false;
    seen.add(current.id);
    if (current.parent_id === null || current.parent_id === 0) return true;
    current = byId.get(current.parent_id);
  }
  return false;
}

function flatten(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe('category tree laws', () => {
  test.prop([flatCategories])(
    'shows exactly the active categories whose ancestors are all active, once',
    (all) => {
      const shown = flatten(buildCategoryTree(all)).map((node) => node.category.id);
      const expected = all.filter((c) => shouldShow(all, c)).map((c) => c.id);
      expect(new Set(shown).size).toBe(shown.length);
      expect([...shown].sort((a, b) => a - b)).toEqual(expected);
    },
  );

  test.prop([flatCategories])('no inactive category appears', (all) => {
    expect(flatten(buildCategoryTree(all)).every((node) => node.category.active)).toBe(true);
  });

  test.prop([flatCategories])('roots follow the spec order, unknown slugs last in their API order', (all) => {
    const roots = buildCategoryTree(all);
    const ranks = roots.map((node) => expectedRank(node.category.slug));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const unknown = roots.filter((node) => expectedRank(node.category.slug) === SPEC_ORDER.length);
    const ids = unknown.map((node) => node.category.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  test.prop([flatCategories])("a child's path is its parent's path, '/', its slug", (all) => {
    for (const node of flatten(buildCategoryTree(all))) {
      if (node.depth === 0) expect(node.slugPath).toBe(node.category.slug);
      for (const child of node.children) {
        expect(child.category.parent_id).toBe(node.category.id);
        expect(child.depth).toBe(node.depth + 1);
        expect(child.slugPath).toBe(`${node.slugPath}/${child.category.slug}`);
      }
    }
  });

  test.prop([flatCategories])('the walked-up slug path and the lookup agree with the tree', (all) => {
    for (const node of flatten(buildCategoryTree(all))) {
      expect(categorySlugPath(all, node.category.id)).toBe(node.slugPath);
      expect(findCategoryBySlugPath(all, node.slugPath)?.category.id).toBe(node.category.id);
      expect(findCategoryBySlugPath(all, node.slugPath.split('/'))?.category.id).toBe(node.category.id);
    }
  });

  test.prop([flatCategories])('the slug path of any category is finite, even in a cycle', (all) => {
    for (const category of all) {
      const path = categorySlugPath(all, category.id);
      expect(path).not.toBeNull();
      expect(path?.split('/').length).toBeLessThanOrEqual(all.length);
    }
  });

  test.prop([
    flatCategories,
    fc.array(fc.oneof(fc.integer({ min: -2, max: 40 }), fc.string()), { maxLength: 10 }),
  ])('cross-links lead only to shown categories, once each, never to the category itself', (all, refs) => {
    const index = indexCategories(all);
    for (const category of all) {
      const links = crossLinks({ ...category, refs, category_refs: refs.map((id) => ({ id })) }, all);
      const ids = links.map((node) => node.category.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).not.toContain(category.id);
      expect(ids.every((id) => index.byId.has(id))).toBe(true);
    }
  });
});

describe('slug path joining laws', () => {
  const part = fc.string({ unit: fc.constantFrom('a', 'b', '-', '/', ' '), maxLength: 10 });

  test.prop([fc.array(part, { maxLength: 6 })])(
    'joining is idempotent and ignores how the list is split',
    (parts) => {
      const joined = joinSlugPath(parts);
      expect(joinSlugPath(joined)).toBe(joined);
      expect(joinSlugPath(parts.join('/'))).toBe(joined);
      expect(joined).not.toMatch(/^\/|\/$|\/\/|^ | $/);
    },
  );
});
