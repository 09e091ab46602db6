import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type CategoryNode, descendantIds, orderByIds } from '../../../server/domain/category-tree';

const forest = fc
  .array(fc.record({ parent: fc.nat(30), active: fc.boolean() }), { maxLength: 30 })
  .map((rows): CategoryNode[] =>
    rows.map((row, index) => ({
      id: index + 1,
      slug: `c${index + 1}`,
      // Parents may be any id, including later ones and itself: stored data is not trusted to be a tree.
      parent_id: row.parent === 0 ? null : row.parent,
      active: row.active,
    })),
  );

describe('descendantIds', () => {
  it('collects children and grandchildren', () => {
    const nodes: CategoryNode[] = [
      { id: 1, slug: 'a', parent_id: null, active: true },
      { id: 2, slug: 'b', parent_id: 1, active: true },
      { id: 3, slug: 'c', parent_id: 2, active: true },
      { id: 4, slug: 'd', parent_id: 1, active: false },
    ];
    expect([...descendantIds(nodes, 1)].sort()).toEqual([1, 2, 3]);
  });

  test.prop([forest, fc.nat(31)])(
    'contains the root once, terminates on cycles, lists distinct ids',
    (nodes, root) => {
      const ids = descendantIds(nodes, root);
      expect(ids[0]).toBe(root);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );
});

describe('orderByIds', () => {
  test.prop([fc.array(fc.integer({ min: 1, max: 20 })), fc.uniqueArray(fc.integer({ min: 1, max: 20 }))])(
    'keeps the requested order, skips unknown ids and duplicates',
    (ids, existing) => {
      const result = orderByIds(
        ids,
        existing.map((id) => ({ id })),
      ).map((item) => item.id);
      const expected = [...new Set(ids.filter((id) => existing.includes(id)))];
      expect(result).toEqual(expected);
    },
  );
});
