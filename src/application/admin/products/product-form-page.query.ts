import { ADMIN_CATEGORIES_PORT, type AdminCategory } from '../../ports/admin-categories.port';
import {
  ADMIN_DICTS_PORT,
  DICTIONARIES,
  type DictionaryEntry,
  type DictionaryName,
} from '../../ports/admin-dicts.port';
import { defineUseCase } from '../../use-case';

export type ProductDictionaries = Readonly<Partial<Record<DictionaryName, readonly DictionaryEntry[]>>>;

export interface ProductFormPage {
  readonly categories: readonly AdminCategory[];
  /** The pickers' suggestions (colours, materials, countries…). */
  readonly dictionaries: ProductDictionaries;
}

/**
 * What the product form picks from: the category tree and the dictionaries. A dictionary that fails to
 * load only leaves its picker without suggestions; the categories are required (the form needs one).
 */
export const productFormPage = defineUseCase(
  'admin.products.formPage',
  { categories: ADMIN_CATEGORIES_PORT, dicts: ADMIN_DICTS_PORT },
  ({ categories, dicts }) =>
    async (signal?: AbortSignal): Promise<ProductFormPage> => {
      const options = signal === undefined ? {} : { signal };
      const [tree, ...lists] = await Promise.all([
        categories.list(options),
        ...DICTIONARIES.map((dictionary) => dicts.list(dictionary.name, options).catch(() => [])),
      ]);
      const dictionaries = Object.fromEntries(
        DICTIONARIES.map((dictionary, index) => [dictionary.name, lists[index] ?? []]),
      );
      return { categories: tree, dictionaries };
    },
);
