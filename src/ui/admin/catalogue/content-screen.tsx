import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type {
  AdminCategoriesPort,
  AdminCategory,
  CategoryRedirect,
} from '../../../application/ports/admin-categories.port';
import type {
  AdminContentPort,
  AdminStyleCategory,
  PopularTagsEntry,
  SeoTextEntry,
} from '../../../application/ports/admin-content.port';
import { Button } from '../../components/button';
import { Card, EmptyPanel } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { CategoryTreeEditor } from './category-tree-editor';
import { PopularTagsPanel, SeoTextsPanel, StyleCategoriesPanel } from './content-panels';

export type ContentTab = 'categories' | 'redirects' | 'seo' | 'tags' | 'styles';

/** The lists the content tabs show (only the open tab's list is loaded). */
export interface ContentLists {
  readonly seo: readonly SeoTextEntry[];
  readonly tags: readonly PopularTagsEntry[];
  readonly styles: readonly AdminStyleCategory[];
}

const TABS: readonly { readonly id: ContentTab; readonly label: string }[] = [
  { id: 'categories', label: 'Категории' },
  { id: 'redirects', label: 'Переадресации (301)' },
  { id: 'seo', label: 'SEO-тексты' },
  { id: 'tags', label: 'Популярные теги' },
  { id: 'styles', label: 'Стильные категории' },
];

function RedirectsCard({ redirects }: { redirects: readonly CategoryRedirect[] }) {
  return (
    <Card title="Переадресации">
      {redirects.length === 0 ? (
        <EmptyPanel
          title="Переадресаций нет"
          text="Они появляются сами, когда меняется адрес категории или товара."
        />
      ) : (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <caption className={ui.muted}>Старый адрес отвечает 301 и ведёт на новый</caption>
            <thead>
              <tr>
                <th className={ui.th} scope="col">
                  Старый адрес
                </th>
                <th className={ui.th} scope="col">
                  Новый адрес
                </th>
                <th className={`${ui.th} ${ui.hideOnMobile}`} scope="col">
                  Когда
                </th>
              </tr>
            </thead>
            <tbody>
              {redirects.map((redirect) => (
                <tr key={redirect.id} className={ui.tr}>
                  <td className={ui.td}>
                    <code>{redirect.fromPath}</code>
                  </td>
                  <td className={ui.td}>
                    <a className={ui.link} href={redirect.toPath} target="_blank" rel="noreferrer">
                      {redirect.toPath}
                    </a>
                  </td>
                  <td className={`${ui.td} ${ui.hideOnMobile} ${ui.nowrap}`}>
                    {new Date(redirect.createdAt).toLocaleString('ru-RU')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** /admin/content: the category tree (drag and drop, active flag, moves with 301s) and the redirects. */
export function ContentScreen({
  tab,
  categories,
  redirects,
  port,
  content,
  contentPort,
}: {
  tab: ContentTab;
  categories: readonly AdminCategory[];
  redirects: readonly CategoryRedirect[];
  port: AdminCategoriesPort;
  content: ContentLists;
  contentPort: AdminContentPort;
}) {
  const navigate = useNavigate();
  const router = useRouter();
  const reload = useCallback(() => void router.invalidate(), [router]);
  return (
    <>
      <PageHeader title="Контент" subtitle="Категории каталога и адреса страниц" />
      <nav className={styles.tabs} aria-label="Раздел контента">
        {TABS.map((item) => (
          <Button
            key={item.id}
            size="s"
            variant={tab === item.id ? 'primary' : 'secondary'}
            aria-pressed={tab === item.id}
            onClick={() =>
              void navigate({
                to: '/admin/content',
                search: item.id === 'categories' ? {} : { tab: item.id },
              })
            }
          >
            {item.label}
          </Button>
        ))}
      </nav>
      {tab === 'categories' && <CategoryTreeEditor categories={categories} port={port} onChanged={reload} />}
      {tab === 'redirects' && <RedirectsCard redirects={redirects} />}
      {tab === 'seo' && <SeoTextsPanel entries={content.seo} content={contentPort} />}
      {tab === 'tags' && <PopularTagsPanel entries={content.tags} content={contentPort} />}
      {tab === 'styles' && <StyleCategoriesPanel categories={content.styles} content={contentPort} />}
    </>
  );
}
