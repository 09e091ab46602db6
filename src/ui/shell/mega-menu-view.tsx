import { useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { megaMenuMachine } from '../../application/machines/mega-menu.machine';
import type { CatalogueCategory } from '../../application/ports/catalogue.port';
import { type CategoryNode, indexCategories } from '../../domain/category-tree';
import { accentLabel, categoryHref, menuRootKind, promoBannerFor } from '../../domain/mega-menu';
import { AppLink } from '../components/app-link';
import { Button } from '../components/button';
import { ChevronLeft, ChevronRight } from '../components/icons';
import * as styles from './mega-menu.css';

function childBySlug(nodes: readonly CategoryNode[], slug: string | null): CategoryNode | null {
  return slug === null ? null : (nodes.find((node) => node.category.slug === slug) ?? null);
}

function initialWidth(): number {
  return typeof window === 'undefined' ? 1440 : window.innerWidth;
}

/**
 * The category mega menu (spec §4): hover on wide screens, click up to 1200 px, stacked levels with
 * back buttons up to 768 px — as the mega menu machine decides. It closes on a route change, Escape
 * or a click outside; the browser's events only become the machine's events here.
 */
export function MegaMenu({ categories }: { categories: readonly CatalogueCategory[] }) {
  const menu = useActorRef(megaMenuMachine, { input: { viewportWidth: initialWidth() } });
  const open = useSelector(menu, (snapshot) => !snapshot.matches('closed'));
  const mode = useSelector(menu, (snapshot) => snapshot.context.mode);
  const rootSlug = useSelector(menu, (snapshot) => snapshot.context.rootSlug);
  const level1Slug = useSelector(menu, (snapshot) => snapshot.context.level1Slug);
  const level2Slug = useSelector(menu, (snapshot) => snapshot.context.level2Slug);
  const roots = useMemo(() => indexCategories(categories).roots, [categories]);
  const element = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the route change itself
  useEffect(() => {
    menu.send({ type: 'menu.routeChanged' });
  }, [menu, pathname]);

  useEffect(() => {
    const onResize = () => menu.send({ type: 'menu.viewportChanged', width: window.innerWidth });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') menu.send({ type: 'menu.escapePressed' });
    };
    const onPointer = (event: PointerEvent) => {
      if (element.current && event.target instanceof Node && !element.current.contains(event.target))
        menu.send({ type: 'menu.outsideClicked' });
    };
    window.addEventListener('resize', onResize);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('resize', onResize);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menu]);

  const root = open ? childBySlug(roots, rootSlug) : null;
  const level1 = root ? childBySlug(root.children, level1Slug) : null;
  const level2 = level1 ? childBySlug(level1.children, level2Slug) : null;
  const stacked = mode === 'stacked';
  const deepest = level2 ?? level1 ?? root;
  // Up to 1200 px the menu is driven by clicks (spec §4): a mouse passing over an item there selects
  // nothing (it used to count as a click and jump into the submenu).
  const select = (level: 1 | 2, slug: string, hover: boolean) => {
    if (hover && mode !== 'hover') return;
    menu.send(hover ? { type: 'menu.itemHovered', level, slug } : { type: 'menu.itemClicked', level, slug });
  };

  return (
    <nav
      ref={element}
      className={styles.menu}
      aria-label="Каталог"
      onMouseLeave={() => menu.send({ type: 'menu.pointerLeft' })}
    >
      {!(stacked && root !== null) && (
        <ul className={`${styles.bar} ${stacked ? styles.barStacked : ''}`}>
          {roots.map((node) => {
            const { slug, name } = node.category;
            const kind = menuRootKind(slug);
            if (kind !== 'panel') {
              return (
                <li key={slug}>
                  <AppLink
                    href={categoryHref(node.slugPath)}
                    className={`${styles.rootControl} ${kind === 'accent-link' ? styles.accent : ''}`}
                  >
                    {accentLabel(slug) ?? name}
                  </AppLink>
                </li>
              );
            }
            return (
              <li key={slug}>
                <button
                  type="button"
                  className={styles.rootControl}
                  aria-expanded={open && rootSlug === slug}
                  onMouseEnter={() => menu.send({ type: 'menu.rootHovered', slug })}
                  onClick={() =>
                    menu.send(
                      mode === 'hover'
                        ? { type: 'menu.rootHovered', slug }
                        : { type: 'menu.rootClicked', slug },
                    )
                  }
                >
                  {name}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {root && (
        <div className={`${styles.panel} ${stacked ? styles.panelStacked : ''}`}>
          <div className={`${styles.columns} ${stacked ? styles.columnsStacked : ''}`}>
            {stacked && (
              <Button
                variant="ghost"
                size="s"
                className={styles.back}
                onClick={() => menu.send({ type: 'menu.backRequested' })}
              >
                <ChevronLeft size={16} aria-hidden="true" />
                Назад
              </Button>
            )}
            {(!stacked || level1 === null) && (
              <LevelList node={root} level={1} selected={level1Slug} onSelect={select} />
            )}
            {level1 && level1.children.length > 0 && (!stacked || level2 === null) && (
              <LevelList node={level1} level={2} selected={level2Slug} onSelect={select} />
            )}
            {deepest && (!stacked || level2 !== null) && (
              <AppLink href={categoryHref(deepest.slugPath)} className={styles.promo}>
                {promoBannerFor(deepest.slugPath).text}
              </AppLink>
            )}
          </div>
        </div>
      )}
    </nav>
  );
}

function LevelList({
  node,
  level,
  selected,
  onSelect,
}: {
  node: CategoryNode;
  level: 1 | 2;
  selected: string | null;
  onSelect: (level: 1 | 2, slug: string, hover: boolean) => void;
}) {
  return (
    <ul className={styles.list}>
      <li>
        <AppLink href={categoryHref(node.slugPath)} className={`${styles.item} ${styles.allLink}`}>
          Все товары: {node.category.name}
        </AppLink>
      </li>
      {node.children.map((child) => (
        <li key={child.category.slug}>
          {child.children.length > 0 && level === 1 ? (
            <button
              type="button"
              className={styles.item}
              aria-expanded={selected === child.category.slug}
              onMouseEnter={() => onSelect(level, child.category.slug, true)}
              onClick={() => onSelect(level, child.category.slug, false)}
            >
              {child.category.name}
              <ChevronRight size={16} aria-hidden="true" />
            </button>
          ) : (
            // A leaf is a link; pointing at it on a wide screen still selects it, so the promo banner
            // follows it (spec §4: matrasy has its own banner, and Матрасы is a leaf).
            <AppLink
              href={categoryHref(child.slugPath)}
              className={styles.item}
              onMouseEnter={() => onSelect(level, child.category.slug, true)}
            >
              {child.category.name}
            </AppLink>
          )}
        </li>
      ))}
    </ul>
  );
}
