import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { categoryChangesMachine } from '../../../application/admin/categories/category-changes.machine';
import { categoryTreeEditorMachine } from '../../../application/admin/categories/category-tree-editor.machine';
import type { ContentTab, ContentTabData } from '../../../application/admin/content/load-content-tab.query';
import type { AdminCategory } from '../../../application/ports/admin-categories.port';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { CategoryCommandsPanel, RedirectsPanel } from './category-commands';
import { CategoryTreeEditor } from './category-tree-editor';
import { PopularTagsPanel, SeoTextsPanel, StyleCategoriesPanel } from './content-panels';
import { useListCommands } from './use-list-commands';

const TABS: readonly { readonly id: ContentTab; readonly label: string }[] = [
  { id: 'categories', label: 'Категории' },
  { id: 'redirects', label: 'Переадресации (301)' },
  { id: 'seo', label: 'SEO-тексты' },
  { id: 'tags', label: 'Популярные теги' },
  { id: 'styles', label: 'Стильные категории' },
];

/**
 * The categories tab: the tree (moves, on/off) and the category commands (create, edit, delete,
 * picture, cross-links) are two machines over one tree; each one's answer is handed to the other, so
 * the tree, the pickers and the dialogs always show the tree as stored.
 */
function CategoriesTab({ categories }: { categories: readonly AdminCategory[] }) {
  const changes = useListCommands(categoryChangesMachine, categories);
  const editor = useActorRef(useUseCase(categoryTreeEditorMachine));
  const changed = changes.items;
  useEffect(() => {
    if (editor.getSnapshot().context.categories !== changed)
      editor.send({ type: 'tree.loaded', categories: changed });
  }, [editor, changed]);
  useEffect(() => {
    const subscription = editor.subscribe((snapshot) => {
      const { categories: tree } = snapshot.context;
      if (snapshot.matches('idle') && tree !== changes.actor.getSnapshot().context.items)
        changes.actor.send({ type: 'list.replaced', items: tree });
    });
    return () => subscription.unsubscribe();
  }, [editor, changes.actor]);
  return (
    <>
      <CategoryTreeEditor editor={editor} changes={changes} />
      <CategoryCommandsPanel commands={changes} />
    </>
  );
}

/**
 * /admin/content: the category tree (drag and drop, active flag, moves with 301s), creating, editing
 * and deleting categories, the redirects (automatic and hand-made), SEO texts of every page, popular
 * tags and style categories.
 */
export function ContentScreen({ tab, data }: { tab: ContentTab; data: ContentTabData }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Контент" subtitle="Категории каталога, адреса страниц и тексты для поиска" />
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
      {tab === 'categories' && <CategoriesTab categories={data.tree} />}
      {tab === 'redirects' && <RedirectsPanel redirects={data.redirects} />}
      {tab === 'seo' && <SeoTextsPanel entries={data.seo} />}
      {tab === 'tags' && <PopularTagsPanel entries={data.tags} />}
      {tab === 'styles' && <StyleCategoriesPanel categories={data.styles} />}
    </>
  );
}
