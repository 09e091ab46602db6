import { ADMIN_CATEGORIES_PORT, type CategoryRedirect } from '../../ports/admin-categories.port';
import { defineUseCase } from '../../use-case';
import {
  type ListCommand,
  listCommandsMachine,
  listRunner,
  numberArg,
  textArg,
} from '../shared/list-commands.machine';

/**
 * The 301 list of /admin/content: a redirect added by hand answers the stored redirect, which joins
 * the list; a deleted one leaves it.
 */
export const redirectsMachine = defineUseCase(
  'admin.categories.redirectsMachine',
  { categories: ADMIN_CATEGORIES_PORT },
  ({ categories }) =>
    listCommandsMachine<CategoryRedirect>().provide({
      actors: {
        run: listRunner<CategoryRedirect>(async (command: ListCommand, items, signal) => {
          switch (command.name) {
            case 'redirect.create': {
              const made = await categories.addRedirect(
                textArg(command, 'fromPath'),
                textArg(command, 'toPath'),
                { signal },
              );
              return { items: [made, ...items.filter((redirect) => redirect.id !== made.id)] };
            }
            case 'redirect.delete': {
              const id = numberArg(command, 'id');
              await categories.removeRedirect(id, { signal });
              return { items: items.filter((redirect) => redirect.id !== id) };
            }
            default:
              throw new Error(`Unknown redirect command ${command.name}`);
          }
        }),
      },
    }),
);
