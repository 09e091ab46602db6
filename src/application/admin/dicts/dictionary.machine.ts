import { ADMIN_DICTS_PORT, type DictionaryEntry, isDictionaryName } from '../../ports/admin-dicts.port';
import { defineUseCase } from '../../use-case';
import {
  type ListCommand,
  listCommandsMachine,
  listRunner,
  textArg,
  withItem,
} from '../shared/list-commands.machine';

const sameEntry = (a: DictionaryEntry, b: DictionaryEntry) => a.key === b.key;

/**
 * The dictionary screen's machine: add, rename and switch values of one list (each answers the stored
 * value, which takes its place in the list), re-derive every list from the products (the open list is
 * read again: the answer is only counts), and the CSV export's address.
 */
export const dictionaryMachine = defineUseCase(
  'admin.dicts.dictionaryMachine',
  { dicts: ADMIN_DICTS_PORT },
  ({ dicts }) =>
    listCommandsMachine<DictionaryEntry>().provide({
      actors: {
        run: listRunner<DictionaryEntry>(async (command: ListCommand, items, signal) => {
          const name = textArg(command, 'dictionary');
          if (!isDictionaryName(name))
            throw new Error(`dictionary command ${command.name} without a list name`);
          switch (command.name) {
            case 'dicts.add': {
              const added = await dicts.add(name, textArg(command, 'value'), { signal });
              return { items: withItem(items, added, sameEntry) };
            }
            case 'dicts.rename': {
              const key = textArg(command, 'key');
              const renamed = await dicts.update(name, key, { value: textArg(command, 'value') }, { signal });
              return { items: withItem(items, renamed, sameEntry) };
            }
            case 'dicts.setActive': {
              const key = textArg(command, 'key');
              const active = command.args?.active === true;
              const changed = await dicts.update(name, key, { active }, { signal });
              return { items: withItem(items, changed, sameEntry) };
            }
            case 'dicts.refresh': {
              const counts = await dicts.refresh({ signal });
              const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
              return { items: await dicts.list(name, { signal }), output: total };
            }
            case 'dicts.export':
              return { items, output: await dicts.exportUrl(null) };
            default:
              throw new Error(`Unknown dictionary command ${command.name}`);
          }
        }),
      },
    }),
);
