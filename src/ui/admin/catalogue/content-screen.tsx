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
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { CategoryCommandsPanel, RedirectsPanel } from './category-commands';
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

/**
 * /admin/content: the category tree (drag and drop, active flag, moves with 301s), creating, editing
 * and deleting categories, and the redirects (automatic and hand-made).
 */
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
      {tab === 'categories' && (
        <>
          <CategoryTreeEditor categories={categories} port={port} onChanged={reload} />
          <CategoryCommandsPanel categories={categories} port={port} onChanged={reload} />
        </>
      )}
      {tab === 'redirects' && <RedirectsPanel redirects={redirects} port={port} onChanged={reload} />}
      {tab === 'seo' && <SeoTextsPanel entries={content.seo} content={contentPort} />}
      {tab === 'tags' && <PopularTagsPanel entries={content.tags} content={contentPort} />}
      {tab === 'styles' && <StyleCategoriesPanel categories={content.styles} content={contentPort} />}
    </>
  );
}
