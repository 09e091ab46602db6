import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The reference lists of the catalogue (/api/dicts…, issue 11): colours, materials, countries,
 * factories, series, styles, collections, brands. Product forms pick from them; refresh re-derives
 * them from the products; export writes CSV.
 */
export const DICTIONARIES = [
  { name: 'colors', title: 'Цвета' },
  { name: 'materials', title: 'Материалы' },
  { name: 'countries', title: 'Страны' },
  { name: 'factories', title: 'Фабрики' },
  { name: 'series', title: 'Серии' },
  { name: 'styles', title: 'Стили' },
  { name: 'collections', title: 'Коллекции' },
  { name: 'brands', title: 'Бренды' },
] as const;

export type DictionaryName = (typeof DICTIONARIES)[number]['name'];

export function isDictionaryName(value: unknown): value is DictionaryName {
  return DICTIONARIES.some((dictionary) => dictionary.name === value);
}

export interface DictionaryEntry {
  readonly key: string;
  readonly value: string;
  readonly sortOrder: number;
  readonly active: boolean;
  readonly productCount: number;
  /** 'products' (made by refresh) or 'manual'. */
  readonly source: string;
}

export interface DictionaryEntryChange {
  readonly value?: string;
  readonly sortOrder?: number;
  readonly active?: boolean;
}

export interface AdminDictsPort {
  list(name: DictionaryName, options?: CallOptions): Promise<readonly DictionaryEntry[]>;
  add(name: DictionaryName, value: string, options?: CallOptions): Promise<DictionaryEntry>;
  update(
    name: DictionaryName,
    key: string,
    change: DictionaryEntryChange,
    options?: CallOptions,
  ): Promise<DictionaryEntry>;
  remove(name: DictionaryName, key: string, options?: CallOptions): Promise<void>;
  /** Re-derives every list from the products; answers the entry count per list. */
  refresh(options?: CallOptions): Promise<Readonly<Record<string, number>>>;
  /** The address of the CSV export (one list, or all of them). */
  exportUrl(name: DictionaryName | null): Promise<string>;
}

export const ADMIN_DICTS_PORT: PortToken<AdminDictsPort> = portToken<AdminDictsPort>('AdminDictsPort');
