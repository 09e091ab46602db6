import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { SingleLineText } from './text';

/**
 * Dictionaries (spec §7 Admin: /api/dicts/list/{name}, /api/dicts/{name}, /api/dicts/{name}/{key},
 * /api/dicts/refresh, /api/dicts/export): the reference lists product forms pick from. Admin only.
 * `refresh` re-derives the lists from the products (columns and spec lines), keeping hand-made entries.
 */
export const DICT_NAMES = [
  'colors',
  'materials',
  'countries',
  'factories',
  'series',
  'styles',
  'collections',
  'brands',
] as const;
export const DictName = Schema.Literals(DICT_NAMES);
export type DictName = typeof DictName.Type;

/** Russian titles of the lists for the screens and the export. */
export const DICT_TITLES: Readonly<Record<DictName, string>> = {
  colors: 'Цвета',
  materials: 'Материалы',
  countries: 'Страны',
  factories: 'Фабрики',
  series: 'Серии',
  styles: 'Стили',
  collections: 'Коллекции',
  brands: 'Бренды',
};

const DictKey = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), Schema.isMaxLength(120)),
);

export const DictEntry = Schema.Struct({
  /** Stable key (a slug of the value when made by refresh). */
  key: Schema.String,
  /** The value as products carry it ('Дуб', 'Италия'). */
  value: Schema.String,
  sort_order: Schema.Int,
  active: Schema.Boolean,
  /** Products using the value (at the last refresh or write). */
  product_count: Schema.Int,
  /** 'products' (made by refresh) or 'manual'. */
  source: Schema.String,
});
export type DictEntry = typeof DictEntry.Type;

const Value = SingleLineText(200, 1);
const SortOrder = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000 })));

const DictEntryInput = Schema.Struct({
  /** Made from the value when absent. */
  key: Schema.optionalKey(DictKey),
  value: Value,
  sort_order: Schema.optionalKey(SortOrder),
  active: Schema.optionalKey(Schema.Boolean),
});

const DictEntryPatch = Schema.Struct({
  value: Schema.optionalKey(Value),
  sort_order: Schema.optionalKey(SortOrder),
  active: Schema.optionalKey(Schema.Boolean),
});

const NameParams = Schema.Struct({ name: DictName });
const EntryParams = Schema.Struct({ name: DictName, key: DictKey });

export const listDict = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/dicts/list/:name',
  tag: 'dicts',
  summary: 'The entries of a dictionary in display order',
  params: NameParams,
  response: Schema.Array(DictEntry),
  errorStatuses: [401, 403],
});

export const createDictEntry = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/dicts/:name',
  tag: 'dicts',
  summary: 'Adds an entry (409 when the key exists)',
  params: NameParams,
  body: DictEntryInput,
  response: DictEntry,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const upsertDictEntries = defineEndpoint({
  area: 'catalogue',
  method: 'PUT',
  path: '/api/dicts/:name',
  tag: 'dicts',
  summary: 'Creates or updates several entries by key; answers the whole list',
  params: NameParams,
  body: Schema.Struct({ entries: Schema.Array(DictEntryInput).pipe(Schema.check(Schema.isMaxLength(5000))) }),
  response: Schema.Array(DictEntry),
  errorStatuses: [401, 403, 415],
});

export const getDictEntry = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/dicts/:name/:key',
  tag: 'dicts',
  summary: 'One entry',
  params: EntryParams,
  response: DictEntry,
  errorStatuses: [401, 403, 404],
});

export const updateDictEntry = defineEndpoint({
  area: 'catalogue',
  method: 'PATCH',
  path: '/api/dicts/:name/:key',
  tag: 'dicts',
  summary: 'Changes the named fields of an entry',
  params: EntryParams,
  body: DictEntryPatch,
  response: DictEntry,
  errorStatuses: [401, 403, 404, 415],
});

export const deleteDictEntry = defineEndpoint({
  area: 'catalogue',
  method: 'DELETE',
  path: '/api/dicts/:name/:key',
  tag: 'dicts',
  summary: 'Removes an entry (products keep their values)',
  params: EntryParams,
  response: Schema.Struct({ deleted: Schema.String }),
  errorStatuses: [401, 403, 404],
});

export const refreshDicts = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/dicts/refresh',
  tag: 'dicts',
  summary: 'Re-derives every dictionary from the products; answers the entry counts per list',
  response: Schema.Struct({ counts: Schema.Record(Schema.String, Schema.Int) }),
  errorStatuses: [401, 403, 415],
});

/** The CSV file itself (name;key;value;sort_order;active;product_count), UTF-8 with BOM. */
export const exportDicts = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/dicts/export',
  tag: 'dicts',
  summary: 'Every dictionary (or one: ?name=) as CSV',
  query: Schema.Struct({ name: Schema.optionalKey(DictName) }),
  response: Schema.String,
  errorStatuses: [401, 403],
});
