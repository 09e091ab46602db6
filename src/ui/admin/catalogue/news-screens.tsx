import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { ImagePlus, Plus } from 'lucide-react';
import { useEffect, useId } from 'react';
import { newsEditorMachine } from '../../../application/admin/news/news-editor.machine';
import { uploadNewsImageMachine } from '../../../application/admin/news/upload-news-image.machine';
import type {
  AdminNewsPage,
  AdminNewsRow,
  AdminNewsType,
  LoadedNews,
  NewsDraft,
} from '../../../application/ports/admin-news.port';
import { Button, buttonClassName } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { visuallyHidden } from '../../theme/utilities.css';
import { Card, EmptyPanel, ErrorPanel, Field, Notice, StatusBadge } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { DataTable } from '../data-table';
import { LazyRichTextEditor } from '../lazy-rich-text-editor';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { SaveBar, UnsavedChangesGuard, useDraft } from './record-form-view';
import { useRecordFormMachine } from './use-record-form-machine';

const TYPE_LABELS: Readonly<Record<AdminNewsType, string>> = { news: 'Новость', inspiration: 'Вдохновение' };

function dateText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
}

const newsColumns: readonly ColumnDef<AdminNewsRow>[] = [
  {
    id: 'title',
    header: 'Заголовок',
    cell: ({ row }) => (
      <div className={styles.productCell}>
        {row.original.imageUrl ? (
          <img
            className={styles.thumb}
            src={row.original.imageUrl}
            alt=""
            width={48}
            height={48}
            loading="lazy"
          />
        ) : (
          <span className={styles.thumbEmpty} aria-hidden="true">
            нет фото
          </span>
        )}
        <Link to="/admin/news/$id" params={{ id: String(row.original.id) }} className={styles.productName}>
          {row.original.title}
        </Link>
      </div>
    ),
  },
  { id: 'type', header: 'Раздел', cell: ({ row }) => TYPE_LABELS[row.original.type] },
  {
    id: 'date',
    header: 'Дата',
    meta: { hideOnMobile: true },
    cell: ({ row }) => dateText(row.original.publishedAt),
  },
  {
    id: 'state',
    header: 'Статус',
    cell: ({ row }) =>
      row.original.published ? (
        <StatusBadge tone="success">опубликовано</StatusBadge>
      ) : (
        <StatusBadge tone="muted">черновик</StatusBadge>
      ),
  },
];

/** /admin/news: news and inspiration articles, drafts included. */
export function NewsListScreen({ page, type }: { page: AdminNewsPage; type: AdminNewsType | null }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Новости и вдохновение"
        subtitle={`Всего: ${page.total}`}
        actions={
          <Link to="/admin/news/$id" params={{ id: 'new' }} className={buttonClassName({ size: 's' })}>
            <Plus width={16} height={16} aria-hidden="true" /> Написать
          </Link>
        }
      />
      <Card>
        <nav className={styles.tabs} aria-label="Раздел">
          {([null, 'news', 'inspiration'] as const).map((value) => (
            <Button
              key={value ?? 'all'}
              size="s"
              variant={type === value ? 'primary' : 'secondary'}
              aria-pressed={type === value}
              onClick={() =>
                void navigate({ to: '/admin/news', search: value === null ? {} : { type: value } })
              }
            >
              {value === null ? 'Все' : TYPE_LABELS[value]}
            </Button>
          ))}
        </nav>
        <DataTable
          caption="Новости"
          data={page.items}
          columns={newsColumns}
          rowId={(row) => row.id}
          empty={<EmptyPanel title="Пока ничего нет" text="Напишите первую новость." />}
        />
      </Card>
    </>
  );
}

const BLANK_NEWS: NewsDraft = {
  type: 'news',
  slug: '',
  topic_slug: null,
  title: '',
  excerpt: '',
  body_html: '',
  published: false,
  published_at: '',
};

/** The local date-time input's value of an ISO time, and back. */
function localInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** /admin/news/{id}: the article editor (Tiptap), publication and picture; preview of the stored text. */
export function NewsEditorScreen({ newsId }: { newsId: number | null }) {
  const navigate = useNavigate();
  const form = useRecordFormMachine(newsEditorMachine, { id: newsId, blank: BLANK_NEWS }, (id) => {
    void navigate({ to: '/admin/news/$id', params: { id: String(id) }, replace: true });
  });
  const draft = useDraft(form);
  const state = useSelector(form, (snapshot) => snapshot.value);
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  const storedHtml = useSelector(form, (snapshot) => snapshot.context.stored?.body_html ?? '');
  const imageUrl = useSelector(form, (snapshot) => snapshot.context.meta?.imageUrl ?? null);
  const recordId = useSelector(form, (snapshot) => snapshot.context.id);
  const bodyLabel = useId();
  // The picture upload is its own command; the stored picture and the new version go back into the
  // form, so the next save does not conflict with the upload.
  const upload = useActorRef(useUseCase(uploadNewsImageMachine));
  useEffect(() => {
    const subscription = upload.on('command.succeeded', ({ output }) => {
      const loaded = output as LoadedNews;
      form.send({ type: 'form.recordTouched', meta: loaded.meta, version: loaded.version });
    });
    return () => subscription.unsubscribe();
  }, [upload, form]);
  const uploadState = useSelector(upload, (snapshot) => snapshot.value);
  const uploadError = useSelector(upload, (snapshot) => snapshot.context.error);
  const uploading = uploadState === 'running';
  const imageError =
    uploadState === 'failed' && uploadError !== null
      ? `Не удалось загрузить картинку: ${uploadError} Нужен JPEG, PNG или WEBP до 10 МБ.`
      : null;
  const edit = (changes: Partial<NewsDraft>) => form.send({ type: 'form.edited', changes });

  if (state === 'loading' || state === 'starting')
    return (
      <p className={ui.muted} role="status">
        Загружаем…
      </p>
    );
  if (state === 'loadFailed')
    return (
      <ErrorPanel
        text={error ?? 'Не удалось загрузить'}
        onRetry={() => form.send({ type: 'form.retryRequested' })}
      />
    );

  return (
    <>
      <PageHeader
        title={newsId === null ? 'Новая публикация' : draft.title || 'Публикация'}
        crumbs={[{ label: 'Новости', to: '/admin/news' }]}
      />
      <UnsavedChangesGuard form={form} />
      <form
        className={ui.stack}
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'form.saveRequested' });
        }}
      >
        <div className={styles.formLayout}>
          <div className={styles.formColumn}>
            <Card title="Текст">
              <div className={ui.stack}>
                <Field label="Заголовок *">
                  {(control) => (
                    <input
                      {...control}
                      className={ui.control}
                      value={draft.title}
                      required
                      onChange={(event) => edit({ title: event.target.value })}
                    />
                  )}
                </Field>
                <Field label="Анонс" hint="Пара предложений для карточки и слайдера на главной">
                  {(control) => (
                    <textarea
                      {...control}
                      className={ui.textarea}
                      value={draft.excerpt}
                      maxLength={1000}
                      onChange={(event) => edit({ excerpt: event.target.value })}
                    />
                  )}
                </Field>
                <span id={bodyLabel} className={ui.fieldLabel}>
                  Текст публикации
                </span>
                <LazyRichTextEditor
                  value={draft.body_html}
                  labelledBy={bodyLabel}
                  onChange={(html) => edit({ body_html: html })}
                />
              </div>
            </Card>
            {storedHtml !== '' && (
              <Card title="Как на сайте (сохранённая версия)">
                {/* Only the server's sanitised HTML is ever rendered, never the draft. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised (allow-list) HTML */}
                <div className={styles.previewHtml} dangerouslySetInnerHTML={{ __html: storedHtml }} />
              </Card>
            )}
          </div>
          <div className={styles.formColumn}>
            <Card title="Публикация">
              <div className={ui.stack}>
                <Field label="Раздел">
                  {(control) => (
                    <select
                      {...control}
                      className={ui.control}
                      value={draft.type}
                      onChange={(event) => edit({ type: event.target.value as AdminNewsType })}
                    >
                      <option value="news">Новость</option>
                      <option value="inspiration">Вдохновение</option>
                    </select>
                  )}
                </Field>
                {draft.type === 'inspiration' && (
                  <Field label="Тема (slug)" hint="Например, gostinaya">
                    {(control) => (
                      <input
                        {...control}
                        className={ui.control}
                        value={draft.topic_slug ?? ''}
                        onChange={(event) =>
                          edit({ topic_slug: event.target.value === '' ? null : event.target.value })
                        }
                      />
                    )}
                  </Field>
                )}
                <Field label="Адрес (slug)" hint="Пусто — из заголовка">
                  {(control) => (
                    <input
                      {...control}
                      className={ui.control}
                      value={draft.slug}
                      onChange={(event) => edit({ slug: event.target.value })}
                    />
                  )}
                </Field>
                <Field label="Дата публикации">
                  {(control) => (
                    <input
                      {...control}
                      className={ui.control}
                      type="datetime-local"
                      value={localInput(draft.published_at)}
                      onChange={(event) => {
                        const date = new Date(event.target.value);
                        edit({ published_at: Number.isNaN(date.getTime()) ? '' : date.toISOString() });
                      }}
                    />
                  )}
                </Field>
                <label className={ui.checkboxLabel}>
                  <input
                    type="checkbox"
                    className={ui.checkbox}
                    checked={draft.published}
                    onChange={(event) => edit({ published: event.target.checked })}
                  />
                  Опубликовано (видно на сайте и в слайдере на главной)
                </label>
              </div>
            </Card>
            <Card title="Картинка">
              {typeof recordId === 'number' ? (
                <div className={ui.stack}>
                  {imageUrl ? (
                    <img src={imageUrl} alt="" className={styles.imagePicture} />
                  ) : (
                    <p className={ui.muted}>Картинки пока нет.</p>
                  )}
                  <label className={styles.dropZone}>
                    <ImagePlus width={24} height={24} aria-hidden="true" />
                    <span>Выбрать картинку (JPEG, PNG, WEBP)</span>
                    <input
                      type="file"
                      className={visuallyHidden}
                      accept="image/jpeg,image/png,image/webp"
                      aria-label="Загрузить картинку"
                      disabled={uploading}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        if (!file) return;
                        upload.send({
                          type: 'command.requested',
                          command: { name: 'news.uploadImage', args: { id: recordId }, file },
                        });
                        event.target.value = '';
                      }}
                    />
                  </label>
                  {imageError && (
                    <Notice tone="error" role="alert">
                      {imageError}
                    </Notice>
                  )}
                </div>
              ) : (
                <p className={ui.muted}>Картинку можно добавить после сохранения.</p>
              )}
            </Card>
          </div>
        </div>
        <SaveBar form={form} createLabel="Создать" />
      </form>
    </>
  );
}
