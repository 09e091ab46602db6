import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ExternalLink, Plus } from 'lucide-react';
import { useId } from 'react';
import { pageEditorMachine } from '../../../application/admin/pages/page-editor.machine';
import type { AdminPageRow, PageDraft } from '../../../application/ports/admin-pages.port';
import { SEO_LIMITS } from '../../../application/ports/admin-products.port';
import { buttonClassName } from '../../components/button';
import { Card, EmptyPanel, ErrorPanel, Field } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { LazyRichTextEditor } from '../lazy-rich-text-editor';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { SerpPreview } from './product-form-screen';
import { LengthCounter, SaveBar, UnsavedChangesGuard, useDraft } from './record-form-view';
import { useRecordFormMachine } from './use-record-form-machine';

/** /admin/static-pages: the site's static pages (delivery, payment, contacts…). */
export function PagesListScreen({ pages }: { pages: readonly AdminPageRow[] }) {
  return (
    <>
      <PageHeader
        title="Страницы"
        subtitle={`Всего: ${pages.length}`}
        actions={
          <Link to="/admin/pages/$id" params={{ id: 'new' }} className={buttonClassName({ size: 's' })}>
            <Plus width={16} height={16} aria-hidden="true" /> Новая страница
          </Link>
        }
      />
      <Card>
        {pages.length === 0 ? (
          <EmptyPanel title="Страниц пока нет" />
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <caption className={ui.muted}>Статические страницы сайта</caption>
              <thead>
                <tr>
                  <th className={ui.th} scope="col">
                    Заголовок
                  </th>
                  <th className={ui.th} scope="col">
                    Адрес
                  </th>
                  <th className={`${ui.th} ${ui.hideOnMobile}`} scope="col">
                    Изменена
                  </th>
                </tr>
              </thead>
              <tbody>
                {pages.map((page) => (
                  <tr key={page.id} className={ui.tr}>
                    <td className={ui.td}>
                      <Link
                        to="/admin/pages/$id"
                        params={{ id: String(page.id) }}
                        className={styles.productName}
                      >
                        {page.title}
                      </Link>
                    </td>
                    <td className={ui.td}>
                      <code>/pages/{page.slug}</code>
                    </td>
                    <td className={`${ui.td} ${ui.hideOnMobile} ${ui.nowrap}`}>
                      {new Date(page.updatedAt).toLocaleDateString('ru-RU')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}

const BLANK_PAGE: PageDraft = { slug: '', title: '', meta_description: '', body_html: '' };

/** /admin/pages/{id}: a static page's text in the rich-text editor, its address and description. */
export function PageEditorScreen({ pageId }: { pageId: number | null }) {
  const navigate = useNavigate();
  const form = useRecordFormMachine(pageEditorMachine, { id: pageId, blank: BLANK_PAGE }, (id) => {
    void navigate({ to: '/admin/pages/$id', params: { id: String(id) }, replace: true });
  });
  const draft = useDraft(form);
  const state = useSelector(form, (snapshot) => snapshot.value);
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  const storedHtml = useSelector(form, (snapshot) => snapshot.context.meta?.storedHtml ?? '');
  const storedSlug = useSelector(form, (snapshot) => snapshot.context.stored?.slug ?? '');
  const bodyLabel = useId();
  const edit = (changes: Partial<PageDraft>) => form.send({ type: 'form.edited', changes });
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
        title={pageId === null ? 'Новая страница' : draft.title || 'Страница'}
        crumbs={[{ label: 'Страницы', to: '/admin/static-pages' }]}
        actions={
          storedSlug !== '' ? (
            <a className={ui.link} href={`/pages/${storedSlug}`} target="_blank" rel="noreferrer">
              <ExternalLink width={16} height={16} aria-hidden="true" /> Открыть на сайте
            </a>
          ) : undefined
        }
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
            <Card title="Текст страницы">
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
                <span id={bodyLabel} className={ui.fieldLabel}>
                  Содержание
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
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised (allow-list) HTML */}
                <div className={styles.previewHtml} dangerouslySetInnerHTML={{ __html: storedHtml }} />
              </Card>
            )}
          </div>
          <div className={styles.formColumn}>
            <Card title="Адрес и поиск">
              <div className={ui.stack}>
                <Field label="Адрес (slug) *" hint="Латиница, цифры и дефисы">
                  {(control) => (
                    <input
                      {...control}
                      className={ui.control}
                      value={draft.slug}
                      required
                      onChange={(event) => edit({ slug: event.target.value })}
                    />
                  )}
                </Field>
                <Field label="Описание для поисковиков">
                  {(control) => (
                    <>
                      <textarea
                        {...control}
                        className={ui.textarea}
                        value={draft.meta_description}
                        maxLength={SEO_LIMITS.description}
                        onChange={(event) => edit({ meta_description: event.target.value })}
                      />
                      <LengthCounter length={draft.meta_description.length} max={SEO_LIMITS.description} />
                    </>
                  )}
                </Field>
                <SerpPreview
                  title={draft.title}
                  description={draft.meta_description}
                  path={`pages › ${draft.slug || 'адрес'}`}
                />
              </div>
            </Card>
          </div>
        </div>
        <SaveBar form={form} createLabel="Создать" />
      </form>
    </>
  );
}
