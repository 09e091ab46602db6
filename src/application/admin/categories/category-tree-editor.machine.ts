import { fromPromise } from 'xstate';
import {
  categoryTreeMachine,
  type MoveRequest,
  type ToggleRequest,
} from '../../machines/admin/category-tree.machine';
import { ADMIN_CATEGORIES_PORT, type AdminCategory } from '../../ports/admin-categories.port';
import { defineUseCase } from '../../use-case';

/**
 * The category tree of /admin/content: a move answers the whole tree (paths and 301s of the subtree
 * included), which the tree shows; so does switching a category on or off.
 */
export const categoryTreeEditorMachine = defineUseCase(
  'admin.categories.treeEditorMachine',
  { categories: ADMIN_CATEGORIES_PORT },
  ({ categories }) =>
    categoryTreeMachine<AdminCategory>().provide({
      actors: {
        moveCategory: fromPromise<readonly AdminCategory[], MoveRequest>(({ input, signal }) =>
          categories.move(input, { signal }),
        ),
        toggleCategory: fromPromise<readonly AdminCategory[], ToggleRequest>(async ({ input, signal }) => {
          await categories.setActive(input.id, input.active, input.expectedVersion, { signal });
          // The answer is the one category; the tree is read once to show every stored flag and
          // version (the tree machine's toggle answers the whole tree, as a move does).
          return categories.list({ signal });
        }),
      },
    }),
);
