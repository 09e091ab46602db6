import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { SEO_META_LIMITS } from '../../../../shared-rules/seo-meta-rule';
import {
  parseTagLines,
  popularTagsFormMachine,
} from '../../../application/admin/content/popular-tags-form.machine';
import {
  BLANK_SEO_DRAFT,
  seoTextFormMachine,
} from '../../../application/admin/content/seo-text-form.machine';
import { styleCategoriesMachine } from '../../../application/admin/content/style-categories.machine';
import type {
  AdminStyleCategory,
  PopularTagsEntry,
  SeoTextListing,
} from '../../../application/ports/admin-content.port';
import { Button } from '../../components/button';
import { visuallyHidden } from '../../theme/utilities.css';
import { Card, EmptyPanel, ErrorPanel, Field, Notice, StatusBadge } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { LazyRichTextEditor } from '../lazy-rich-text-editor';
import * as styles from './catalogue.css';
import { LengthCounter, SaveBar, UnsavedChangesGuard, useDraft } from './record-form-view';
import { useListCommands } from './use-list-commands';
import { useRecordFormMachine } from './use-record-form-machine';

function LoadingOrFailed({
  failed,
  error,
  onRetry,
}: {
  failed: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  return failed ? (
    <ErrorPanel text={error ?? 'Не удалось загрузить'} onRetry={onRetry} />
  ) : (
    <p className={ui.muted} role="status">
      Загружаем…
    </p>
  );
}

/** One page's SEO text: the block under its listing and its own meta title and description. */
function SeoTextForm({ textKey }: { textKey: string }) {
  const form = useRecordFormMachine(seoTextFormMachine, { id: textKey, blank: BLANK_SEO_DRAFT });
  const draft = useDraft(form);
  const state = useSelector(form, (snapshot) => snapshot.value);
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  const label = useId();
  const edit = (changes: Partial<typeof draft>) => form.send({ type: 'form.edited', changes });
  if (state === 'starting' || state === 'loading' || state === 'loadFailed')
    return (
      <LoadingOrFailed
        failed={state === 'loadFailed'}
        error={error}
        onRetry={() => form.send({ type: 'form.retryRequested' })}
      />
    );
  return (
    <form
      className={ui.stack}
      aria-label="SEO-текст страницы"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'form.saveRequested' });
      }}
    >
      <UnsavedChangesGuard form={form} />
      <Field label="Meta title" hint="Заголовок вкладки и выдачи; пусто — название страницы">
        {(control) => (
          <>
            <input
              {...control}
              className={ui.control}
              value={draft.meta_title}
              maxLength={SEO_META_LIMITS.title}
              onChange={(event) => edit({ meta_title: event.target.value })}
            />
            <LengthCounter length={draft.meta_title.length} max={SEO_META_LIMITS.title} />
          </>
        )}
      </Field>
      <Field label="Meta description" hint="Описание в выдаче; пусто — описание страницы">
        {(control) => (
          <>
            <textarea
              {...control}
              className={ui.textarea}
              value={draft.meta_description}
              maxLength={SEO_META_LIMITS.description}
              onChange={(event) => edit({ meta_description: event.target.value })}
            />
            <LengthCounter length={draft.meta_description.length} max={SEO_META_LIMITS.description} />
          </>
        )}
      </Field>
      <Field label="Заголовок блока">
        {(control) => (
          <input
            {...control}
            className={ui.control}
            value={draft.title}
            maxLength={300}
            onChange={(event) => edit({ title: event.target.value })}
          />
        )}
      </Field>
      <span id={label} className={ui.fieldLabel}>
        Текст
      </span>
      <LazyRichTextEditor value={draft.html} labelledBy={label} onChange={(html) => edit({ html })} />
      <SaveBar form={form} />
    </form>
  );
}

/** SEO texts of the home page and of every category (each with its meta title and description). */
export function SeoTextsPanel({ entries }: { entries: readonly SeoTextListing[] }) {
  const [key, setKey] = useState(entries[0]?.key ?? '');
  const written = (entry: SeoTextListing) =>
    entry.html.trim() !== '' || entry.meta_title !== '' || entry.meta_description !== '';
  return (
    <Card title="SEO-тексты">
      {entries.length === 0 ? (
        <EmptyPanel title="SEO-текстов нет" />
      ) : (
        <div className={ui.stack}>
          <Field label="Страница" hint="Главная и каждая категория; «пусто» — текст ещё не написан">
            {(control) => (
              <select
                {...control}
                className={ui.control}
                value={key}
                onChange={(event) => setKey(event.target.value)}
              >
                {entries.map((item) => (
                  <option key={item.key} value={item.key}>
                    {`${item.label}${written(item) ? '' : ' (пусто)'}`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {key !== '' && <SeoTextForm key={key} textKey={key} />}
        </div>
      )}
    </Card>
  );
}

function PopularTagsForm({ tagsKey }: { tagsKey: string }) {
  const form = useRecordFormMachine(popularTagsFormMachine, { id: tagsKey, blank: { lines: '' } });
  const draft = useDraft(form);
  const state = useSelector(form, (snapshot) => snapshot.value);
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  if (state === 'starting' || state === 'loading' || state === 'loadFailed')
    return (
      <LoadingOrFailed
        failed={state === 'loadFailed'}
        error={error}
        onRetry={() => form.send({ type: 'form.retryRequested' })}
      />
    );
  return (
    <form
      className={ui.stack}
      aria-label="Популярные теги"
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
export function PopularTagsPanel({ entries }: { entries: readonly PopularTagsEntry[] }) {
  const [key, setKey] = useState(entries[0]?.key ?? '');
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
          {key !== '' && <PopularTagsForm key={key} tagsKey={key} />}
        </div>
      )}
    </Card>
  );
}

/** A style category's name, changed in place (the name is the style its products carry). */
function StyleName({
  category,
  busy,
  onRename,
}: {
  category: AdminStyleCategory;
  busy: boolean;
  onRename: (name: string) => void;
}) {
  return (
    <input
      // A stored rename shows the stored spelling.
      key={category.name}
      className={styles.gridInput}
      aria-label={`Название стиля «${category.name}»`}
      defaultValue={category.name}
      maxLength={200}
      disabled={busy}
      onBlur={(event) => {
        const name = event.target.value.trim();
        if (name !== '' && name !== category.name) onRename(name);
      }}
    />
  );
}

/**
 * Style categories: create one, rename it, show or hide it, replace its picture. Each answer takes its
 * place in the list.
 */
export function StyleCategoriesPanel({ categories }: { categories: readonly AdminStyleCategory[] }) {
  const [name, setName] = useState('');
  const commands = useListCommands(styleCategoriesMachine, categories, ({ command }) => {
    if (command.name === 'style.create') setName('');
  });
  const { items, busy } = commands;
  return (
    <Card title="Стильные категории">
      <div className={ui.stack}>
        <form
          className={styles.toolbar}
          aria-label="Новая стильная категория"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() === '') return;
            commands.request({ name: 'style.create', args: { name: name.trim() } });
          }}
        >
          <label className={ui.fieldLabel} htmlFor="style-new">
            Новый стиль
          </label>
          <input
            id="style-new"
            className={ui.control}
            value={name}
            maxLength={200}
            placeholder="Например, Лофт"
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" size="s" disabled={busy || name.trim() === ''}>
            Создать стиль
          </Button>
        </form>
        <p className={ui.muted}>
          В стиль попадают товары, у которых в карточке указан стиль с тем же названием.
        </p>
        {commands.state === 'failed' && commands.error !== null && (
          <Notice tone="error" role="alert">
            {commands.error}
            {commands.pending?.name === 'style.uploadImage' &&
              ' Для картинки нужен JPEG, PNG или WEBP до 10 МБ.'}
          </Notice>
        )}
        {commands.state === 'done' && commands.pending?.name === 'style.create' && (
          <Notice tone="success" role="status">
            Стиль создан.
          </Notice>
        )}
        {items.length === 0 ? (
          <EmptyPanel title="Стильных категорий нет" />
        ) : (
          <ul className={styles.images} aria-label="Стильные категории">
            {items.map((category) => (
              <li key={category.id} className={styles.imageTile}>
                {category.imageUrl ? (
                  <img className={styles.imagePicture} src={category.imageUrl} alt={category.name} />
                ) : (
                  <span className={`${styles.imagePicture} ${styles.thumbEmpty}`}>нет картинки</span>
                )}
                <StyleName
                  category={category}
                  busy={busy}
                  onRename={(newName) =>
                    commands.request({
                      name: 'style.rename',
                      args: { id: category.id, name: newName, version: category.version },
                    })
                  }
                />
                <span className={ui.muted}>{category.productCount} тов.</span>
                {!category.active && <StatusBadge tone="muted">выключена</StatusBadge>}
                <label className={ui.checkboxLabel}>
                  <input
                    type="checkbox"
                    className={ui.checkbox}
                    checked={category.active}
                    disabled={busy}
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
