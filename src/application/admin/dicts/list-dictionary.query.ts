import { ADMIN_DICTS_PORT, type DictionaryName } from '../../ports/admin-dicts.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** /admin/dicts: one reference list (colours, materials…) with each value's product count. */
export const listDictionary = defineUseCase(
  'admin.dicts.list',
  { dicts: ADMIN_DICTS_PORT },
  ({ dicts }) =>
    (name: DictionaryName, options?: CallOptions) =>
      dicts.list(name, options),
);
