import { fromPromise } from 'xstate';
import {
  type LoadedRecord,
  type RecordId,
  recordFormMachine,
  type SaveRequest,
} from '../../machines/admin/record-form.machine';
import {
  ADMIN_CONTENT_PORT,
  type PopularTagEntry,
  type PopularTagsEntry,
} from '../../ports/admin-content.port';
import { defineUseCase } from '../../use-case';

export interface TagsDraft {
  /** One tag per line: «Подпись | /путь». */
  readonly lines: string;
}

/** The tags a manager's lines stand for: «Подпись | /путь» lines; others are left out. */
export function parseTagLines(lines: string): PopularTagEntry[] {
  return lines
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .filter(
      (parts): parts is [string, string] =>
        parts.length === 2 && parts[0] !== '' && (parts[1] ?? '').startsWith('/'),
    )
    .map(([label, href]) => ({ label, href }));
}

function loadedOf(entry: PopularTagsEntry): LoadedRecord<TagsDraft, null> {
  const lines = entry.tags.map((tag) => `${tag.label} | ${tag.href}`).join('\n');
  return { id: entry.key, version: '0', draft: { lines }, meta: null };
}

/**
 * The popular tags of one key ('home' or a root category): read as stored when the key is picked;
 * the save's answer becomes the form.
 */
export const popularTagsFormMachine = defineUseCase(
  'admin.content.popularTagsFormMachine',
  { content: ADMIN_CONTENT_PORT },
  ({ content }) =>
    recordFormMachine<TagsDraft, null>().provide({
      actors: {
        loadRecord: fromPromise<LoadedRecord<TagsDraft, null>, { id: RecordId }>(async ({ input, signal }) =>
          loadedOf(await content.popularTagsOf(String(input.id), { signal })),
        ),
        saveRecord: fromPromise<LoadedRecord<TagsDraft, null>, SaveRequest<TagsDraft>>(
          async ({ input, signal }) =>
            loadedOf(
              await content.savePopularTags(
                { key: String(input.id), tags: parseTagLines(input.draft.lines) },
                { signal },
              ),
            ),
        ),
      },
      actions: { announceSaved: () => undefined },
    }),
);
