import { ADMIN_CONTENT_PORT, type AdminStyleCategory } from '../../ports/admin-content.port';
import { defineUseCase } from '../../use-case';
import {
  type ListCommand,
  listCommandsMachine,
  listRunner,
  numberArg,
  textArg,
  withItem,
} from '../shared/list-commands.machine';

const sameStyle = (a: AdminStyleCategory, b: AdminStyleCategory) => a.id === b.id;

/**
 * The style categories of /admin/content (issue 25 item 13: they could not be created or renamed):
 * create, rename, show or hide, replace the picture. Each answers the stored style category, which
 * takes its place in the list.
 */
export const styleCategoriesMachine = defineUseCase(
  'admin.content.styleCategoriesMachine',
  { content: ADMIN_CONTENT_PORT },
  ({ content }) =>
    listCommandsMachine<AdminStyleCategory>().provide({
      actors: {
        run: listRunner<AdminStyleCategory>(async (command: ListCommand, items, signal) => {
          const stored = await (async () => {
            switch (command.name) {
              case 'style.create':
                return content.createStyleCategory(textArg(command, 'name'), { signal });
              case 'style.rename':
                return content.renameStyleCategory(
                  numberArg(command, 'id'),
                  textArg(command, 'name'),
                  numberArg(command, 'version'),
                  { signal },
                );
              case 'style.setActive':
                return content.setStyleCategoryActive(
                  numberArg(command, 'id'),
                  command.args?.active === true,
                  numberArg(command, 'version'),
                  { signal },
                );
              case 'style.uploadImage':
                if (command.file === undefined) throw new Error('style.uploadImage without a file');
                return content.uploadStyleCategoryImage(numberArg(command, 'id'), command.file, { signal });
              default:
                throw new Error(`Unknown style category command ${command.name}`);
            }
          })();
          return { items: withItem(items, stored, sameStyle) };
        }),
      },
    }),
);
