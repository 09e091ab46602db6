import { fromPromise } from 'xstate';
import {
  type LoadedRecord,
  type RecordId,
  recordFormMachine,
  type SaveRequest,
} from '../../machines/admin/record-form.machine';
import { ADMIN_NEWS_PORT, type NewsDraft, type NewsMeta } from '../../ports/admin-news.port';
import { defineUseCase } from '../../use-case';

/**
 * /admin/news/{id}: the record form of a news or inspiration article; the save answers the stored
 * article (sanitised HTML, generated slug), which becomes the form.
 */
export const newsEditorMachine = defineUseCase(
  'admin.news.editorMachine',
  { news: ADMIN_NEWS_PORT },
  ({ news }) =>
    recordFormMachine<NewsDraft, NewsMeta>().provide({
      actors: {
        loadRecord: fromPromise<LoadedRecord<NewsDraft, NewsMeta>, { id: RecordId }>(({ input, signal }) =>
          news.load(Number(input.id), { signal }),
        ),
        saveRecord: fromPromise<LoadedRecord<NewsDraft, NewsMeta>, SaveRequest<NewsDraft>>(
          ({ input, signal }) => news.save(input, { signal }),
        ),
      },
      // The screen follows a new article to its address itself (it watches the saved id).
      actions: { announceSaved: () => undefined },
    }),
);
