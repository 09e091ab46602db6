import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  buildCategoryTree,
  type Category,
  type CategoryNode,
  categoryAncestry,
  categorySlugPath,
} from '../../src/domain/category-tree';

/**
 * Flat lists as the API might send them broken: parents missing, pointing at themselves or forming
 * cycles, parent_id 0, repeated ids (the first row wins), inactive rows. Ids stay small so parents
 * often hit.
 */
const flatCategories = fc
  .array(
    fc.record({
      id: fc.integer({ min: 1, max: 25 }),
      parent: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, fc.constant(0), {
        weight: 5,
        arbitrary: fc.integer({ min: 1, max: 28 }),
      }),
      active: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
    }),
    { maxLength: 30 },
  )
  .map((rows): Category[] =>
    rows.map((row, index) => ({
      id: row.id,
      name: `Категория ${row.id}`,
      // Unique slugs: which row an id resolves to is visible in the result.
      slug: `c${row.id}-${index}`,
      active: row.active,
      parent_id: row.parent,
    })),
  );

const anyId = fc.integer({ min: -2, max: 30 });

/** The row an id stands for: the first one with that id, as the module's rule says. */
function firstRow(all: readonly Category[], id: number): Category | undefined {
  return all.find((category) => category.id === id);
}

function flatten(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe('category ancestry laws', () => {
  test.prop([flatCategories, anyId])('is finite, holds each id once and no more rows than ids', (all, id) => {
    const chain = categoryAncestry(all, id);
    const ids = chain.map((category) => category.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(chain.length).toBeLessThanOrEqual(new Set(all.map((category) => category.id)).size);
  });

  test.prop([flatCategories, anyId])(
    'ends at the category itself, and is empty for an unknown id',
    (all, id) => {
      const chain = categoryAncestry(all, id);
      const own = firstRow(all, id);
      if (own === undefined) expect(chain).toEqual([]);
      else expect(chain.at(-1)).toBe(own);
    },
  );

  test.prop([flatCategories, anyId])(
    'each link is the parent of the next, as the list resolves it',
    (all, id) => {
      const chain = categoryAncestry(all, id);
      for (let index = 1; index < chain.length; index += 1) {
        const child = chain[index];
        const parent = chain[index - 1];
        expect(child?.parent_id).toBe(parent?.id);
        expect(parent).toBe(firstRow(all, parent?.id ?? -1));
      }
    },
  );

  test.prop([flatCategories, anyId])(
    'stops only at a root, a missing parent or the start of a cycle',
    (all, id) => {
      const chain = categoryAncestry(all, id);
      const top = chain[0];
      if (top === undefined) return;
      const parent = top.parent_id;
      const isRoot = parent === null || parent === 0;
      const missing = parent !== null && firstRow(all, parent) === undefined;
      const inChain = chain.some((category) => category.id === parent);
      expect(isRoot || missing || inChain).toBe(true);
    },
  );

  test.prop([flatCategories])('for every shown category it is the tree path from its root', (all) => {
    for (const node of flatten(buildCategoryTree(all))) {
      const chain = categoryAncestry(all, node.category.id);
      expect(chain).toHaveLength(node.depth + 1);
      expect(chain.map((category) => category.slug).join('/')).toBe(node.slugPath);
    }
  });

  test.prop([flatCategories, anyId])('the slug path is the ancestry’s slugs joined', (all, id) => {
    const chain = categoryAncestry(all, id);
    expect(categorySlugPath(all, id)).toBe(
      chain.length === 0 ? null : chain.map((category) => category.slug).join('/'),
    );
  });
});

describe('category ancestry examples', () => {
  const row = (id: number, slug: string, parent: number | null): Category => ({
    id,
    name: slug,
    slug,
    active: true,
    parent_id: parent,
  });

  it('lists the root first and the category last', () => {
    const all = [row(3, 'dvuspalnye', 2), row(1, 'mebel', null), row(2, 'krovati', 1)];
    expect(categoryAncestry(all, 3).map((category) => category.slug)).toEqual([
      'mebel',
      'krovati',
      'dvuspalnye',
    ]);
  });

  it('stops before the first repeat in a parent cycle and at a missing parent', () => {
    const cycle = [row(1, 'a', 2), row(2, 'b', 1)];
    expect(categoryAncestry(cycle, 1).map((category) => category.slug)).toEqual(['b', 'a']);
    expect(categoryAncestry([row(4, 'self', 4)], 4).map((category) => category.slug)).toEqual(['self']);
    expect(categoryAncestry([row(5, 'orphan', 99)], 5).map((category) => category.slug)).toEqual(['orphan']);
  });

  it('walks a very deep chain without recursion', () => {
    const deep = Array.from({ length: 20_000 }, (_, index) =>
      row(index + 1, `c${index + 1}`, index === 0 ? null : index),
    );
    expect(categoryAncestry(deep, 20_000)).toHaveLength(20_000);
  });
});
