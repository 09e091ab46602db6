import { KEY_VALUE_STORAGE_PORT } from '../../ports/key-value-storage.port';
import { defineUseCase } from '../../use-case';
import type { OrderListSearch } from '../order-list-search';
import { deleteView, personalViews, type SavedView, saveView } from '../saved-views';

/** The manager's own views of the orders list, kept in this browser (saved-views.ts). */
export const savedOrderViews = defineUseCase(
  'admin.orders.savedViews',
  { storage: KEY_VALUE_STORAGE_PORT },
  ({ storage }) => ({
    read: (): readonly SavedView[] => personalViews(storage),
    save: (name: string, filters: OrderListSearch, now: number): readonly SavedView[] =>
      saveView(storage, name, filters, now),
    remove: (id: string): readonly SavedView[] => deleteView(storage, id),
  }),
);
