import { ADMIN_CATEGORIES_PORT, type AdminCategory } from '../../ports/admin-categories.port';
import { defineUseCase } from '../../use-case';
import {
  type ListCommand,
  listCommandsMachine,
  listRunner,
  numberArg,
  textArg,
  withItem,
} from '../shared/list-commands.machine';

const sameCategory = (a: AdminCategory, b: AdminCategory) => a.id === b.id;

/** Both sides of a cross-link, as the server stores it (a link is symmetric). */
function withLink(items: readonly AdminCategory[], a: number, b: number, linked: boolean): AdminCategory[] {
  const change = (category: AdminCategory, other: number): AdminCategory => ({
    ...category,
    refs: linked
      ? [...category.refs.filter((id) => id !== other), other]
      : category.refs.filter((id) => id !== other),
  });
  return items.map((category) =>
    category.id === a ? change(category, b) : category.id === b ? change(category, a) : category,
  );
}

/**
 * Creating, renaming, deleting categories, their pictures and cross-links (/admin/content, the
 * categories tab). Each command's answer takes its place in the list the tab shows: the stored
 * category, or for a slug change the tree as stored (every path under it moved, with 301s).
 */
export const categoryChangesMachine = defineUseCase(
  'admin.categories.changesMachine',
  { categories: ADMIN_CATEGORIES_PORT },
  ({ categories }) =>
    listCommandsMachine<AdminCategory>().provide({
      actors: {
        run: listRunner<AdminCategory>(async (command: ListCommand, items, signal) => {
          switch (command.name) {
            case 'category.create': {
              const slug = textArg(command, 'slug');
              const parentId = command.args?.parentId;
              const created = await categories.createWithSlug(
                {
                  name: textArg(command, 'name'),
                  slug: slug === '' ? null : slug,
                  parentId: typeof parentId === 'number' ? parentId : null,
                },
                { signal },
              );
              return { items: withItem(items, created, sameCategory) };
            }
            case 'category.edit': {
              const id = numberArg(command, 'id');
              const before = items.find((category) => category.id === id);
              const saved = await categories.edit(
                id,
                { name: textArg(command, 'name'), slug: textArg(command, 'slug') },
                numberArg(command, 'version'),
                { signal },
              );
              // A new slug moved every path under the category: the tree as stored shows them.
              if (before !== undefined && before.path !== saved.path)
                return { items: await categories.list({ signal }) };
              return { items: withItem(items, saved, sameCategory) };
            }
            case 'category.delete': {
              const id = numberArg(command, 'id');
              await categories.remove(id, { signal });
              return {
                items: items
                  .filter((category) => category.id !== id)
                  .map((category) => ({ ...category, refs: category.refs.filter((ref) => ref !== id) })),
              };
            }
            case 'category.uploadImage': {
              if (command.file === undefined) throw new Error('category.uploadImage without a file');
              const saved = await categories.uploadImage(numberArg(command, 'id'), command.file, { signal });
              return { items: withItem(items, saved, sameCategory) };
            }
            case 'category.deleteImage': {
              const saved = await categories.deleteImage(numberArg(command, 'id'), { signal });
              return { items: withItem(items, saved, sameCategory) };
            }
            case 'category.link': {
              const [a, b] = [numberArg(command, 'id'), numberArg(command, 'other')];
              await categories.link(a, b, { signal });
              return { items: withLink(items, a, b, true) };
            }
            case 'category.unlink': {
              const [a, b] = [numberArg(command, 'id'), numberArg(command, 'other')];
              await categories.unlink(a, b, { signal });
              return { items: withLink(items, a, b, false) };
            }
            default:
              throw new Error(`Unknown category command ${command.name}`);
          }
        }),
      },
    }),
);
