/** The part of a category the tree rules need. */
export interface CategoryNode {
  readonly id: number;
  readonly slug: string;
  readonly parent_id: number | null;
  readonly active: boolean;
}

/**
 * Ids of a category and every active category beneath it (a listing of a category includes its
 * descendants). Cycles in stored data cannot loop: each id is visited once.
 */
export function descendantIds(nodes: readonly CategoryNode[], rootId: number): readonly number[] {
  const children = new Map<number, number[]>();
  for (const node of nodes) {
    if (node.parent_id === null || !node.active) continue;
    const list = children.get(node.parent_id) ?? [];
    list.push(node.id);
    children.set(node.parent_id, list);
  }
  const seen = new Set<number>([rootId]);
  const queue = [rootId];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    for (const child of children.get(current) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      queue.push(child);
    }
  }
  return [...seen];
}

/** Keeps the order of `ids` and drops those without an item; duplicates keep their first place. */
export function orderByIds<T extends { readonly id: number }>(
  ids: readonly number[],
  items: readonly T[],
): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const seen = new Set<number>();
  const out: T[] = [];
  for (const id of ids) {
    const item = byId.get(id);
    if (item === undefined || seen.has(id)) continue;
    seen.add(id);
    out.push(item);
  }
  return out;
}
