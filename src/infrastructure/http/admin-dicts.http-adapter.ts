import * as Dicts from '../../../api/dicts';
import type {
  AdminDictsPort,
  DictionaryEntry,
  DictionaryEntryChange,
  DictionaryName,
} from '../../application/ports/admin-dicts.port';
import type { CallOptions } from '../../application/ports/port-failure';
import { buildQueryString } from '../../domain/query-params';
import { type HttpApiClient, joinUrl } from './api-client';

function entryOf(entry: typeof Dicts.DictEntry.Type): DictionaryEntry {
  return {
    key: entry.key,
    value: entry.value,
    sortOrder: entry.sort_order,
    active: entry.active,
    productCount: entry.product_count,
    source: entry.source,
  };
}

export class AdminDictsHttpAdapter implements AdminDictsPort {
  private readonly api: HttpApiClient;
  private readonly baseUrl: string;

  constructor(api: HttpApiClient, baseUrl: string) {
    this.api = api;
    this.baseUrl = baseUrl;
  }

  async list(name: DictionaryName, options: CallOptions = {}): Promise<readonly DictionaryEntry[]> {
    return (await this.api.call(Dicts.listDict, { ...options, params: { name } })).map(entryOf);
  }

  async add(name: DictionaryName, value: string, options: CallOptions = {}): Promise<DictionaryEntry> {
    return entryOf(
      await this.api.call(Dicts.createDictEntry, { ...options, params: { name }, body: { value } }),
    );
  }

  async update(
    name: DictionaryName,
    key: string,
    change: DictionaryEntryChange,
    options: CallOptions = {},
  ): Promise<DictionaryEntry> {
    return entryOf(
      await this.api.call(Dicts.updateDictEntry, {
        ...options,
        params: { name, key },
        body: {
          ...(change.value === undefined ? {} : { value: change.value }),
          ...(change.sortOrder === undefined ? {} : { sort_order: change.sortOrder }),
          ...(change.active === undefined ? {} : { active: change.active }),
        },
      }),
    );
  }

  async remove(name: DictionaryName, key: string, options: CallOptions = {}): Promise<void> {
    await this.api.call(Dicts.deleteDictEntry, { ...options, params: { name, key } });
  }

  async refresh(options: CallOptions = {}): Promise<Readonly<Record<string, number>>> {
    return (await this.api.call(Dicts.refreshDicts, options)).counts;
  }

  async exportUrl(name: DictionaryName | null): Promise<string> {
    const query = buildQueryString({ name });
    return joinUrl(
      this.baseUrl,
      query === '' ? Dicts.exportDicts.path : `${Dicts.exportDicts.path}?${query}`,
    );
  }
}
