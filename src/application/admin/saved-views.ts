import type { KeyValueStoragePort, StorageSlot } from '../ports/key-value-storage.port';
import { type OrderListSearch, parseOrderListSearch } from './order-list-search';

/**
 * Saved views of the orders list: a few built in («Новые», «Ждут оплаты», «Просроченные»,
 * «Корзина») and the manager's own, kept in this browser's storage (personal; another manager's
 * browser has its own). A view is a name and the filters it applies.
 */
export interface SavedView {
  readonly id: string;
  readonly name: string;
  readonly filters: OrderListSearch;
  readonly builtIn: boolean;
}

export const BUILT_IN_ORDER_VIEWS: readonly SavedView[] = [
  { id: 'all', name: 'Все заказы', filters: {}, builtIn: true },
  { id: 'new', name: 'Новые', filters: { status: ['new'] }, builtIn: true },
  { id: 'awaiting-payment', name: 'Ждут оплаты', filters: { payment: 'awaiting' }, builtIn: true },
  { id: 'overdue', name: 'Просроченные', filters: { overdue: true }, builtIn: true },
  { id: 'bin', name: 'Корзина', filters: { deleted: true }, builtIn: true },
];

const MAX_PERSONAL_VIEWS = 20;
const MAX_VIEW_NAME = 40;

function decodeViews(raw: string | null): readonly SavedView[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const views: SavedView[] = [];
    for (const item of parsed) {
      if (typeof item !== 'object' || item === null) continue;
      const id: unknown = Reflect.get(item, 'id');
      const name: unknown = Reflect.get(item, 'name');
      const filters: unknown = Reflect.get(item, 'filters');
      if (typeof id !== 'string' || typeof name !== 'string' || name.trim() === '') continue;
      if (typeof filters !== 'object' || filters === null) continue;
      views.push({
        id,
        name: name.trim().slice(0, MAX_VIEW_NAME),
        filters: parseOrderListSearch(filters as Record<string, unknown>),
        builtIn: false,
      });
    }
    return views.slice(0, MAX_PERSONAL_VIEWS);
  } catch {
    return [];
  }
}

const ORDER_VIEWS_SLOT: StorageSlot<readonly SavedView[]> = {
  key: 'adminOrderViews',
  decode: decodeViews,
  encode: (views) => JSON.stringify(views.map(({ id, name, filters }) => ({ id, name, filters }))),
};

export function personalViews(storage: KeyValueStoragePort): readonly SavedView[] {
  return storage.read(ORDER_VIEWS_SLOT);
}

/** Saves the current filters under a name (a view of the same name is replaced). */
export function saveView(
  storage: KeyValueStoragePort,
  name: string,
  filters: OrderListSearch,
  now: number,
): readonly SavedView[] {
  const clean = name.trim().slice(0, MAX_VIEW_NAME);
  if (clean === '') return personalViews(storage);
  const others = personalViews(storage).filter((view) => view.name.toLowerCase() !== clean.toLowerCase());
  const views = [...others, { id: `v${now.toString(36)}`, name: clean, filters, builtIn: false }].slice(
    -MAX_PERSONAL_VIEWS,
  );
  storage.write(ORDER_VIEWS_SLOT, views);
  return views;
}

export function deleteView(storage: KeyValueStoragePort, id: string): readonly SavedView[] {
  const views = personalViews(storage).filter((view) => view.id !== id);
  storage.write(ORDER_VIEWS_SLOT, views);
  return views;
}
