import { fromPromise } from 'xstate';
import {
  type LoadedRecord,
  type RecordId,
  recordFormMachine,
  type SaveRequest,
} from '../../machines/admin/record-form.machine';
import { ADMIN_PAGES_PORT, type PageDraft, type PageMeta } from '../../ports/admin-pages.port';
import { defineUseCase } from '../../use-case';

/**
 * /admin/pages/{id}: the record form of a static page; the save answers the stored page (sanitised
 * HTML), which becomes the form and its «как на сайте» preview. A saved page is served at
 * /pages/{slug} whatever its slug (issue 25 item 12).
 */
export const pageEditorMachine = defineUseCase(
  'admin.pages.editorMachine',
  { pages: ADMIN_PAGES_PORT },
  ({ pages }) =>
    recordFormMachine<PageDraft, PageMeta>().provide({
      actors: {
        loadRecord: fromPromise<LoadedRecord<PageDraft, PageMeta>, { id: RecordId }>(({ input, signal }) =>
          pages.load(Number(input.id), { signal }),
        ),
        saveRecord: fromPromise<LoadedRecord<PageDraft, PageMeta>, SaveRequest<PageDraft>>(
          ({ input, signal }) => pages.save(input, { signal }),
        ),
      },
      // The screen follows a new page to its address itself (it watches the saved id).
      actions: { announceSaved: () => undefined },
    }),
);
