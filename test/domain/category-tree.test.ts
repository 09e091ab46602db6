import { describe, expect, it } from 'vitest';
import {
  buildCategoryTree,
  type Category,
  type CategoryNode,
  categorySlugPath,
  crossLinks,
  findCategoryBySlugPath,
  indexCategories,
  joinSlugPath,
  MAX_CATEGORY_DEPTH,
  ROOT_ORDER,
  rootRank,
} from '../../src/domain/category-tree';

/** Test data builder: an active root unless overridden. */
function category(id: number, slug: string, overrides: Partial<Category> = {}): Category {
  return { id, name: slug, slug, active: true, parent_id: null, ...overrides };
}

const catalogue: readonly Category[] = [
  category(10, 'posledniy-shans'),
  category(1, 'mebel'),
  category(2, 'krovati', { parent_id: 1 }),
  category(3, 'dvuspalnye', { parent_id: 2, refs: [6, '5', { id: 99 }] }),
  category(4, 'divany', { parent_id: 1, category_refs: [{ slug: 'kovry' }, { category_id: 2 }] }),
  category(5, 'matrasy', { parent_id: 8 }),
  category(6, 'dekor'),
  category(7, 'kovry'),
  category(8, 'son-i-otdykh'),
  category(9, 'santehnika'),
  category(11, 'arhiv', { active: false }),
  category(12, 'starye-divany', { parent_id: 11 }),
  category(13, 'novinki'),
  category(14, 'leto-i-dacha'),
  category(15, 'skrytye', { parent_id: 1, active: false }),
  category(16, 'pod-skrytymi', { parent_id: 15 }),
];

const slugs = (nodes: readonly CategoryNode[]): string[] => nodes.map((node) => node.category.slug);

describe('buildCategoryTree', () => {
  const tree = buildCategoryTree(catalogue);

  it('orders roots by the spec list, "santeh…" by prefix, unknown slugs last', () => {
    expect(slugs(tree)).toEqual([
      'leto-i-dacha',
      'mebel',
      'dekor',
      'son-i-otdykh',
      'kovry',
      'santehnika',
      'posledniy-shans',
      'novinki',
    ]);
  });

  it('hangs children under their parent in the API order', () => {
    const mebel = tree.find((node) => node.category.slug === 'mebel');
    expect(slugs(mebel?.children ?? [])).toEqual(['krovati', 'divany']);
    expect(mebel?.children[0]?.children[0]?.slugPath).toBe('mebel/krovati/dvuspalnye');
    expect(mebel?.children[0]?.children[0]?.depth).toBe(2);
  });

  it('leaves out inactive categories together with everything under them', () => {
    const index = indexCategories(catalogue);
    for (const hidden of [11, 12, 15, 16]) expect(index.byId.has(hidden)).toBe(false);
    expect(index.byId.size).toBe(catalogue.length - 4);
  });

  it('hides categories in a parent cycle or under a missing parent, and survives self-parents', () => {
    const broken = [
      category(1, 'mebel'),
      category(2, 'a', { parent_id: 3 }),
      category(3, 'b', { parent_id: 2 }),
      category(4, 'self', { parent_id: 4 }),
      category(5, 'orphan', { parent_id: 404 }),
    ];
    const index = indexCategories(broken);
    expect([...index.byId.keys()]).toEqual([1]);
  });

  it('treats parent_id 0 or a non-id as a root, accepts active = 1, and keeps the first of repeated ids', () => {
    const odd = [
      category(1, 'mebel', { parent_id: 0 }),
      category(2, 'dekor', { active: 1 as unknown as boolean }),
      category(3, 'tekstil', { active: 'true' as unknown as boolean }),
      category(1, 'dubl'),
      category(4, '  ', {}),
      category(0, 'zero-id'),
    ];
    expect(slugs(buildCategoryTree(odd))).toEqual(['mebel', 'dekor']);
  });

  it('is empty for an empty list', () => {
    expect(buildCategoryTree([])).toEqual([]);
  });

  it('stops a hostile, very deep chain at MAX_CATEGORY_DEPTH', () => {
    const deep = Array.from({ length: 20_000 }, (_, i) =>
      category(i + 1, `c${i + 1}`, { parent_id: i === 0 ? null : i }),
    );
    const index = indexCategories(deep);
    expect(index.byId.size).toBe(MAX_CATEGORY_DEPTH + 1);
    expect(index.byId.get(MAX_CATEGORY_DEPTH + 1)?.depth).toBe(MAX_CATEGORY_DEPTH);
    expect(categorySlugPath(deep, 20_000)?.split('/')).toHaveLength(20_000);
  });
});

describe('rootRank', () => {
  it('follows ROOT_ORDER', () => {
    expect(ROOT_ORDER[0]).toBe('leto-i-dacha');
    expect(ROOT_ORDER.at(-1)).toBe('posledniy-shans');
    expect(rootRank('mebel')).toBeLessThan(rootRank('dekor'));
    expect(rootRank('santehnika-i-vanna')).toBe(rootRank('santeh'));
    expect(rootRank('zzz')).toBe(ROOT_ORDER.length);
  });
});

describe('slug paths', () => {
  it('builds the path from the parents', () => {
    expect(categorySlugPath(catalogue, 3)).toBe('mebel/krovati/dvuspalnye');
    expect(categorySlugPath(catalogue, 1)).toBe('mebel');
    expect(categorySlugPath(catalogue, 12)).toBe('arhiv/starye-divany');
  });

  it('is null for an unknown id and finite on cycles', () => {
    expect(categorySlugPath(catalogue, 404)).toBeNull();
    const cycle = [category(2, 'a', { parent_id: 3 }), category(3, 'b', { parent_id: 2 })];
    expect(categorySlugPath(cycle, 2)).toBe('b/a');
    expect(categorySlugPath([category(4, 'self', { parent_id: 4 })], 4)).toBe('self');
  });

  it('joins a list with "/" and drops empty parts and stray slashes', () => {
    expect(joinSlugPath(['mebel', 'krovati'])).toBe('mebel/krovati');
    expect(joinSlugPath('mebel/krovati')).toBe('mebel/krovati');
    expect(joinSlugPath(['/mebel/', '', ' krovati ', 'dvuspalnye/'])).toBe('mebel/krovati/dvuspalnye');
    expect(joinSlugPath([])).toBe('');
    expect(joinSlugPath('///')).toBe('');
  });
});

describe('findCategoryBySlugPath', () => {
  it('finds a shown category by its full path, given as text or as a list', () => {
    expect(findCategoryBySlugPath(catalogue, 'mebel/krovati/dvuspalnye')?.category.id).toBe(3);
    expect(findCategoryBySlugPath(catalogue, ['mebel', 'krovati'])?.category.id).toBe(2);
  });

  it('accepts a path without its top levels when only one category ends that way', () => {
    expect(findCategoryBySlugPath(catalogue, 'krovati/dvuspalnye')?.category.id).toBe(3);
    expect(findCategoryBySlugPath(catalogue, 'matrasy')?.slugPath).toBe('son-i-otdykh/matrasy');
  });

  it('is null for ambiguous, hidden, partial-segment or empty paths', () => {
    const twins = [
      category(1, 'a'),
      category(2, 'b'),
      category(3, 'x', { parent_id: 1 }),
      category(4, 'x', { parent_id: 2 }),
    ];
    expect(findCategoryBySlugPath(twins, 'x')).toBeNull();
    expect(findCategoryBySlugPath(twins, 'a/x')?.category.id).toBe(3);
    expect(findCategoryBySlugPath(catalogue, 'arhiv/starye-divany')).toBeNull();
    expect(findCategoryBySlugPath(catalogue, 'ovati')).toBeNull();
    expect(findCategoryBySlugPath(catalogue, '')).toBeNull();
    expect(findCategoryBySlugPath(catalogue, 'mebel/nichego')).toBeNull();
  });

  it('works on a prebuilt index', () => {
    const index = indexCategories(catalogue);
    expect(findCategoryBySlugPath(index, 'mebel')?.category.id).toBe(1);
  });
});

describe('crossLinks', () => {
  const find = (id: number): Category => catalogue.find((c) => c.id === id) ?? category(id, 'missing');

  it('resolves ids, decimal strings and objects, dropping unknown targets', () => {
    expect(crossLinks(find(3), catalogue).map((node) => node.slugPath)).toEqual([
      'dekor',
      'son-i-otdykh/matrasy',
    ]);
  });

  it('reads category_refs as well, by slug or by category_id', () => {
    expect(crossLinks(find(4), catalogue).map((node) => node.category.id)).toEqual([7, 2]);
  });

  it('drops inactive or hidden targets, itself and repeats', () => {
    const self = category(1, 'mebel', { refs: [1, 11, 12, 16, 6, 6, '6'], category_refs: [{ id: '6' }] });
    const list = [self, ...catalogue.filter((c) => c.id !== 1)];
    expect(crossLinks(self, list).map((node) => node.category.id)).toEqual([6]);
  });

  it('is empty when there are no refs or they are not lists', () => {
    expect(crossLinks(find(1), catalogue)).toEqual([]);
    const odd = category(1, 'mebel', { refs: 'nope' as unknown as Category['refs'], category_refs: null });
    expect(crossLinks(odd, catalogue)).toEqual([]);
  });
});
