import { fromPromise } from 'xstate';
import {
  type LoadedRecord,
  type RecordId,
  recordFormMachine,
  type SaveRequest,
} from '../../machines/admin/record-form.machine';
import { ADMIN_CONTENT_PORT } from '../../ports/admin-content.port';
import { defineUseCase } from '../../use-case';

/** What the SEO form edits of a page's text: the block under the listing and the page's head. */
export interface SeoDraft {
  readonly title: string;
  readonly html: string;
  readonly meta_title: string;
  readonly meta_description: string;
}

export const BLANK_SEO_DRAFT: SeoDraft = { title: '', html: '', meta_title: '', meta_description: '' };

function loadedOf(text: SeoDraft & { readonly key: string }): LoadedRecord<SeoDraft, null> {
  const { key, title, html, meta_title, meta_description } = text;
  // SEO texts have no version: the last save wins (one manager writes them).
  return { id: key, version: '0', draft: { title, html, meta_title, meta_description }, meta: null };
}

/**
 * The SEO text of one page (the home page or a category, issue 25 item 13): its block text and its
 * own meta title and description for the page head. The form reads the text as stored when the page
 * is picked, and the save's answer (sanitised HTML) becomes the form.
 */
export const seoTextFormMachine = defineUseCase(
  'admin.content.seoTextFormMachine',
  { content: ADMIN_CONTENT_PORT },
  ({ content }) =>
    recordFormMachine<SeoDraft, null>().provide({
      actors: {
        loadRecord: fromPromise<LoadedRecord<SeoDraft, null>, { id: RecordId }>(async ({ input, signal }) =>
          loadedOf(await content.seoText(String(input.id), { signal })),
        ),
        saveRecord: fromPromise<LoadedRecord<SeoDraft, null>, SaveRequest<SeoDraft>>(
          async ({ input, signal }) =>
            loadedOf(await content.saveSeoText({ key: String(input.id), ...input.draft }, { signal })),
        ),
      },
      actions: { announceSaved: () => undefined },
    }),
);
