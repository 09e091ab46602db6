import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import type {
  AdminContentPort,
  AdminStyleCategory,
  PopularTagEntry,
  PopularTagsEntry,
  SeoTextEntry,
} from '../../../application/ports/admin-content.port';
import { visuallyHidden } from '../../theme/utilities.css';
import { Card, EmptyPanel, Field, Notice, StatusBadge } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { LazyRichTextEditor } from '../lazy-rich-text-editor';
import * as styles from './catalogue.css';
import {
  type RecordFormPorts,
  SaveBar,
  UnsavedChangesGuard,
  useDraft,
  useRecordForm,
} from './record-form-view';
import { useAdminCommand } from './use-admin-command';

interface SeoDraft {
  readonly title: string;
  readonly html: string;
}

function SeoTextForm({ entry, content }: { entry: SeoTextEntry; content: AdminContentPort }) {
  const ports = useMemo<RecordFormPorts<SeoDraft, null>>(
    () => ({
      load: async () => ({
        id: entry.key,
        version: '0',
        draft: { title: entry.title, html: entry.html },
        meta: null,
      }),
      save: async (request, signal) => {
        const saved = await content.saveSeoText({ key: entry.key, ...request.draft }, { signal });
        return { id: saved.key, version: '0', draft: { title: saved.title, html: saved.html }, meta: null };
      },
      onSaved: () => undefined,
    }),
    [entry, content],
  );
  const form = useRecordForm(ports, { id: entry.key, blank: { title: '', html: '' } });
  const draft = useDraft(form);
  const ready = useSelector(form, (snapshot) => snapshot.context.stored !== null);
  const label = useId();
  if (!ready) return null;
  return (
    <form
      className={ui.stack}
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'form.saveRequested' });
      }}
    >
      <UnsavedChangesGuard form={form} />
      <Field label="Заголовок блока">
        {(control) => (
          <input
            {...control}
            className={ui.control}
            value={draft.title}
            maxLength={300}
            onChange={(event) => form.send({ type: 'form.edited', changes: { title: event.target.value } })}
          />
        )}
      </Field>
      <span id={label} className={ui.fieldLabel}>
        Текст
      </span>
      <LazyRichTextEditor
        value={draft.html}
        labelledBy={label}
        onChange={(html) => form.send({ type: 'form.edited', changes: { html } })}
      />
      <SaveBar form={form} />
    </form>
  );
}

/** SEO texts under the home page and category listings, by key. */
export function SeoTextsPanel({
  entries,
  content,
}: {
  entries: readonly SeoTextEntry[];
  content: AdminContentPort;
}) {
  const [key, setKey] = useState(entries[0]?.key ?? '');
  const entry = entries.find((item) => item.key === key);
  return (
    <Card title="SEO-тексты">
      {entries.length === 0 ? (
        <EmptyPanel title="SEO-текстов нет" />
      ) : (
        <div className={ui.stack}>
          <Field label="Страница (ключ)" hint="home — главная; иначе адрес категории">
            {(control) => (
              <select
                {...control}
                className={ui.control}
                value={key}
                onChange={(event) => setKey(event.target.value)}
              >
                {entries.map((item) => (
                  <option key={item.key} value={item.key}>
                    {item.key === 'home' ? 'Главная (home)' : item.key}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {entry && <SeoTextForm key={entry.key} entry={entry} content={content} />}
        </div>
      )}
    </Card>
  );
}

interface TagsDraft {
  /** One tag per line: «Подпись | /путь». */
  readonly lines: string;
}

function parseTagLines(lines: string): PopularTagEntry[] {
  return lines
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .filter(
      (parts): parts is [string, string] =>
        parts.length === 2 && parts[0] !== '' && (parts[1] ?? '').startsWith('/'),
    )
    .map(([label, href]) => ({ label, href }));
}

function tagLines(tags: readonly PopularTagEntry[]): string {
  return tags.map((tag) => `${tag.label} | ${tag.href}`).join('\n');
}

function PopularTagsForm({ entry, content }: { entry: PopularTagsEntry; content: AdminContentPort }) {
  const ports = useMemo<RecordFormPorts<TagsDraft, null>>(
    () => ({
      load: async () => ({ id: entry.key, version: '0', draft: { lines: tagLines(entry.tags) }, meta: null }),
      save: async (request, signal) => {
        const saved = await content.savePopularTags(
          { key: entry.key, tags: parseTagLines(request.draft.lines) },
          { signal },
        );
        return { id: saved.key, version: '0', draft: { lines: tagLines(saved.tags) }, meta: null };
      },
      onSaved: () => undefined,
    }),
    [entry, content],
  );
  const form = useRecordForm(ports, { id: entry.key, blank: { lines: '' } });
  const draft = useDraft(form);
  const ready = useSelector(form, (snapshot) => snapshot.context.stored !== null);
  if (!ready) return null;
  return (
    <form
      className={ui.stack}
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'form.saveRequested' });
      }}
    >
      <UnsavedChangesGuard form={form} />
      <Field
        label="Теги, по одному в строке"
        hint="Подпись | /адрес на сайте, например: Угловые диваны | /category/mebel/divany"
      >
        {(control) => (
          <textarea
            {...control}
            className={ui.textarea}
            rows={10}
            value={draft.lines}
            onChange={(event) => form.send({ type: 'form.edited', changes: { lines: event.target.value } })}
          />
        )}
      </Field>
      <p className={ui.muted}>Будет сохранено тегов: {parseTagLines(draft.lines).length}</p>
      <SaveBar form={form} />
    </form>
  );
}

/** Popular tags under the search and category headers, by key ('home' or a root category). */
export function PopularTagsPanel({
  entries,
  content,
}: {
  entries: readonly PopularTagsEntry[];
  content: AdminContentPort;
}) {
  const [key, setKey] = useState(entries[0]?.key ?? '');
  const entry = entries.find((item) => item.key === key);
  return (
    <Card title="Популярные теги">
      {entries.length === 0 ? (
        <EmptyPanel title="Тегов нет" />
      ) : (
        <div className={ui.stack}>
          <Field label="Где показываются (ключ)">
            {(control) => (
              <select
                {...control}
                className={ui.control}
                value={key}
                onChange={(event) => setKey(event.target.value)}
              >
                {entries.map((item) => (
                  <option key={item.key} value={item.key}>
                    {item.key === 'home' ? 'Главная (home)' : item.key}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {entry && <PopularTagsForm key={entry.key} entry={entry} content={content} />}
        </div>
      )}
    </Card>
  );
}

/** Style categories: picture, on/off. */
export function StyleCategoriesPanel({
  categories,
  content,
}: {
  categories: readonly AdminStyleCategory[];
  content: AdminContentPort;
}) {
  const router = useRouter();
  // Each click is one command of the admin-command machine; the list reloads through the route.
  const commands = useAdminCommand(
    (command, signal) => {
      const id = Number(command.args?.id);
      if (command.name === 'style.uploadImage') {
        if (command.file === undefined) throw new Error('style.uploadImage without a file');
        return content.uploadStyleCategoryImage(id, command.file, { signal });
      }
      return content.setStyleCategoryActive(
        id,
        command.args?.active === true,
        Number(command.args?.version),
        { signal },
      );
    },
    () => void router.invalidate(),
  );
  return (
    <Card title="Стильные категории">
      <div className={ui.stack}>
        {commands.state === 'failed' && commands.error !== null && (
          <Notice tone="error" role="alert">
            {commands.error}
            {commands.pending?.name === 'style.uploadImage' &&
              ' Для картинки нужен JPEG, PNG или WEBP до 10 МБ.'}
          </Notice>
        )}
        {categories.length === 0 ? (
          <EmptyPanel title="Стильных категорий нет" />
        ) : (
          <ul className={styles.images} aria-label="Стильные категории">
            {categories.map((category) => (
              <li key={category.id} className={styles.imageTile}>
                {category.imageUrl ? (
                  <img className={styles.imagePicture} src={category.imageUrl} alt={category.name} />
                ) : (
                  <span className={`${styles.imagePicture} ${styles.thumbEmpty}`}>нет картинки</span>
                )}
                <strong>{category.name}</strong>
                <span className={ui.muted}>{category.productCount} тов.</span>
                {!category.active && <StatusBadge tone="muted">выключена</StatusBadge>}
                <label className={ui.checkboxLabel}>
                  <input
                    type="checkbox"
                    className={ui.checkbox}
                    checked={category.active}
                    disabled={commands.running}
                    onChange={(event) =>
                      commands.request({
                        name: 'style.setActive',
                        args: { id: category.id, active: event.target.checked, version: category.version },
                      })
                    }
                  />
                  Показывать
                </label>
                <label className={ui.link}>
                  Заменить картинку
                  <input
                    type="file"
                    className={visuallyHidden}
                    accept="image/jpeg,image/png,image/webp"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file)
                        commands.request({ name: 'style.uploadImage', args: { id: category.id }, file });
                      event.target.value = '';
                    }}
                  />
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
