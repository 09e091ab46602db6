import { fromPromise } from 'xstate';
import { type AdminCommand, adminCommandMachine } from '../../machines/admin/admin-command.machine';
import { ADMIN_NEWS_PORT, type LoadedNews } from '../../ports/admin-news.port';
import { defineUseCase } from '../../use-case';

/**
 * An article's picture upload, one command of the admin-command machine: it answers the article as
 * stored with its new picture and version, which the editor's form takes (`form.recordTouched`), so the
 * next save does not conflict with the upload.
 */
export const uploadNewsImageMachine = defineUseCase(
  'admin.news.uploadImageMachine',
  { news: ADMIN_NEWS_PORT },
  ({ news }) =>
    adminCommandMachine.provide({
      actors: {
        run: fromPromise<unknown, { command: AdminCommand }>(({ input, signal }): Promise<LoadedNews> => {
          const { command } = input;
          if (command.file === undefined) throw new Error('admin.news.uploadImage without a file');
          return news.uploadImage(Number(command.args?.id), command.file, { signal });
        }),
      },
    }),
);
