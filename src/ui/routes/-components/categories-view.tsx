import type { CatalogueCategory } from '../../../application/ports/catalogue.port';
import type { CategoryNode } from '../../../domain/category-tree';
import { HOME_CRUMB } from '../../../domain/crumbs';
import { categoryHref } from '../../../domain/mega-menu';
import { AppLink } from '../../components/app-link';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { container } from '../../theme/utilities.css';
import * as page from './catalogue.css';
import * as styles from './categories-view.css';
import { imageSrcSet } from './image-sources';

export const CATALOGUE_TITLE = 'Каталог товаров';

function imageOf(node: CategoryNode) {
  return (node.category as Partial<CatalogueCategory>).image ?? null;
}

function descriptionOf(node: CategoryNode): string {
  const text = (node.category as Partial<CatalogueCategory>).description;
  return typeof text === 'string' ? text : '';
}

/** /categories (spec §2 "Full catalogue"): every root section with its subcategories. */
export function CategoriesView({ roots }: { roots: readonly CategoryNode[] }) {
  return (
    <div className={`${container} ${page.page}`}>
      <Breadcrumbs items={[HOME_CRUMB, { label: 'Каталог' }]} />
      <header className={page.header}>
        <h1 className={page.title}>{CATALOGUE_TITLE}</h1>
        <p className={page.lead}>Мебель, декор, текстиль и техника для дома — выберите раздел.</p>
      </header>
      <ul className={styles.tree}>
        {roots.map((root, index) => {
          const image = imageOf(root);
          const description = descriptionOf(root);
          return (
            <li key={root.category.id}>
              <section className={styles.root} aria-labelledby={`root-${root.category.id}`}>
                {image !== null && (
                  <img
                    className={styles.rootImage}
                    src={image.url}
                    srcSet={imageSrcSet(image)}
                    sizes="(max-width: 768px) 100vw, (max-width: 1000px) 50vw, 440px"
                    width={640}
                    height={360}
                    alt=""
                    loading={index < 3 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                )}
                <div className={styles.rootBody}>
                  <h2 id={`root-${root.category.id}`}>
                    <AppLink href={categoryHref(root.slugPath)} className={styles.rootLink}>
                      {root.category.name}
                    </AppLink>
                  </h2>
                  {description !== '' && <p className={styles.rootText}>{description}</p>}
                  {root.children.length > 0 && (
                    <ul className={styles.children} aria-label={`Разделы: ${root.category.name}`}>
                      {root.children.map((child) => (
                        <li key={child.category.id}>
                          <AppLink href={categoryHref(child.slugPath)} className={styles.childLink}>
                            {child.category.name}
                          </AppLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </section>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
