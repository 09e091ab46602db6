import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, Pencil, Plus, Search, Upload } from 'lucide-react';
import { useCallback, useState } from 'react';
import {
  hasProductFilters,
  PRODUCT_LIST_PAGE_SIZE,
  type ProductListSearch,
} from '../../../application/admin/product-list-search';
import { productExportUrl } from '../../../application/admin/products/product-export-url.query';
import type { GridRow } from '../../../application/machines/admin/bulk-price-grid.machine';
import type { AdminCategory } from '../../../application/ports/admin-categories.port';
import {
  ADMIN_PRODUCT_SORTS,
  type AdminProductPage,
  type AdminProductRow,
  type AdminProductSort,
} from '../../../application/ports/admin-products.port';
import { formatPrice } from '../../../domain/money';
import { PRODUCT_BADGES } from '../../../domain/product';
import { BADGE_LABELS } from '../../../domain/product-presentation';
import { Button, buttonClassName } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { Card, EmptyPanel, StatusBadge } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { DataTable } from '../data-table';
import { PageHeader } from '../page-header';
import { Pager } from '../pager';
import { BulkPriceGrid } from './bulk-price-grid';
import * as styles from './catalogue.css';
import { ProductImportDialog } from './product-import-dialog';

export interface ProductsScreenProps {
  readonly page: AdminProductPage;
  readonly search: ProductListSearch;
  readonly categories: readonly AdminCategory[];
}

/** The rows a bulk save stored, over the page they were saved from (a new page drops them). */
interface StoredRows {
  readonly page: AdminProductPage;
  readonly rows: Readonly<Record<number, GridRow>>;
}

function withStored(page: AdminProductPage, stored: StoredRows): readonly AdminProductRow[] {
  if (stored.page !== page) return page.items;
  return page.items.map((row) => {
    const saved = stored.rows[row.id];
    return saved === undefined
      ? row
      : { ...row, price: saved.price, price_old: saved.price_old, badge: saved.badge, hidden: saved.hidden };
  });
}

const SORT_LABELS: Readonly<Record<AdminProductSort, string>> = {
  new: 'Сначала новые',
  updated: 'Недавно изменённые',
  name: 'По названию',
  price_asc: 'Сначала дешёвые',
  price_desc: 'Сначала дорогие',
  stock_asc: 'Меньше остаток',
  stock_desc: 'Больше остаток',
};

function stockText(stock: number | null): string {
  if (stock === null) return 'не ведётся';
  return stock === 0 ? 'нет' : `${stock} шт.`;
}

const columns: readonly ColumnDef<AdminProductRow>[] = [
  {
    id: 'name',
    header: 'Товар',
    cell: ({ row }) => {
      const product = row.original;
      return (
        <div className={styles.productCell}>
          {product.image_url ? (
            <img
              className={styles.thumb}
              src={product.image_url}
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
          <span>
            <Link to="/admin/products/$id" params={{ id: String(product.id) }} className={styles.productName}>
              {product.name}
            </Link>
            <br />
            <span className={styles.productSku}>Артикул {product.sku}</span>
          </span>
        </div>
      );
    },
  },
  {
    id: 'category',
    header: 'Категория',
    meta: { hideOnMobile: true },
    cell: ({ row }) => (
      <span>
        {row.original.category_name}
        {!row.original.category_active && (
          <>
            {' '}
            <StatusBadge tone="warning">выключена</StatusBadge>
          </>
        )}
      </span>
    ),
  },
  {
    id: 'price',
    header: 'Цена',
    meta: { numeric: true },
    cell: ({ row }) => (
      <span>
        {formatPrice(row.original.price)}
        {row.original.price_old !== null && row.original.price_old > row.original.price && (
          <>
            <br />
            <s className={ui.muted}>{formatPrice(row.original.price_old)}</s>
          </>
        )}
      </span>
    ),
  },
  {
    id: 'stock',
    header: 'Остаток',
    meta: { numeric: true, hideOnMobile: true },
    cell: ({ row }) =>
      row.original.backorder_allowed && row.original.stock !== null
        ? `${stockText(row.original.stock)}, под заказ`
        : stockText(row.original.stock),
  },
  {
    id: 'state',
    header: 'Витрина',
    cell: ({ row }) => (
      <span className={ui.row}>
        {row.original.hidden ? (
          <StatusBadge tone="muted">скрыт</StatusBadge>
        ) : (
          <StatusBadge tone="success">виден</StatusBadge>
        )}
        {row.original.badge && <StatusBadge tone="accent">{BADGE_LABELS[row.original.badge]}</StatusBadge>}
      </span>
    ),
  },
];

/** Categories as indented options («— Диваны»), in tree order. */
export function categoryOptions(categories: readonly AdminCategory[]): { id: number; label: string }[] {
  const children = new Map<number | null, AdminCategory[]>();
  for (const category of categories) {
    const list = children.get(category.parentId) ?? [];
    list.push(category);
    children.set(category.parentId, list);
  }
  const options: { id: number; label: string }[] = [];
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
    for (const category of list) {
      options.push({ id: category.id, label: `${'— '.repeat(depth)}${category.name}` });
      walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return options;
}

/**
 * /admin/products: the list with every filter in the address, selection, bulk grid, import, export.
 *
 * The search applies on Enter and on «Найти». It used to apply only when the field lost focus: the
 * filter form has three text fields and no submit button, and HTML's implicit submission does nothing
 * in such a form, so Enter in the search field was silently ignored (issue 25 item 8). The field
 * follows the address (back, forward, «Сбросить фильтры»).
 */
export function ProductsScreen({ page, search, categories }: ProductsScreenProps) {
  const navigate = useNavigate();
  const router = useRouter();
  const exportUrl = useUseCase(productExportUrl);
  const [selected, setSelected] = useState<readonly number[]>([]);
  const [gridOpen, setGridOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [text, setText] = useState(search.q ?? '');
  const [shownQ, setShownQ] = useState(search.q);
  if (shownQ !== search.q) {
    // The address moved (back, a reset link): the field shows its search.
    setShownQ(search.q);
    setText(search.q ?? '');
  }
  const [stored, setStored] = useState<StoredRows>({ page, rows: {} });
  const onRowsStored = useCallback(
    (rows: readonly GridRow[]) =>
      setStored((current) => ({
        page,
        rows: {
          ...(current.page === page ? current.rows : {}),
          ...Object.fromEntries(rows.map((row) => [row.id, row])),
        },
      })),
    [page],
  );
  const items = withStored(page, stored);
  const reload = useCallback(() => void router.invalidate(), [router]);

  const setSearch = (changes: Partial<Record<keyof ProductListSearch, string | number | undefined>>) => {
    void navigate({
      to: '/admin/products',
      search: (previous: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...previous, ...changes, page: undefined };
        for (const key of Object.keys(next))
          if (next[key] === '' || next[key] === undefined) delete next[key];
        return next;
      },
    });
  };
  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((item) => item !== id) : [...current, id],
    );
  const togglePage = (ids: readonly number[]) =>
    setSelected((current) =>
      ids.every((id) => current.includes(id))
        ? current.filter((id) => !ids.includes(id))
        : [...current, ...ids.filter((id) => !current.includes(id))],
    );
  const selectedRows = items.filter((row) => selected.includes(row.id));
  const download = async (format: 'csv' | 'xlsx') => {
    window.location.assign(await exportUrl(search, format));
  };
  const hrefFor = (target: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(search))
      if (value !== undefined) params.set(key, String(value));
    if (target > 1) params.set('page', String(target));
    else params.delete('page');
    const query = params.toString();
    return query === '' ? '/admin/products' : `/admin/products?${query}`;
  };

  return (
    <>
      <PageHeader
        title="Товары"
        subtitle={page.total_capped === true ? `Всего: более ${page.total}` : `Всего: ${page.total}`}
        actions={
          <>
            <Button variant="secondary" size="s" onClick={() => setImportOpen(true)}>
              <Upload width={16} height={16} aria-hidden="true" /> Импорт
            </Button>
            <Button variant="secondary" size="s" onClick={() => void download('xlsx')}>
              <Download width={16} height={16} aria-hidden="true" /> Экспорт XLSX
            </Button>
            <Button variant="secondary" size="s" onClick={() => void download('csv')}>
              Экспорт CSV
            </Button>
            <Link to="/admin/products/$id" params={{ id: 'new' }} className={buttonClassName({ size: 's' })}>
              <Plus width={16} height={16} aria-hidden="true" /> Добавить товар
            </Link>
          </>
        }
      />
      <Card>
        <form
          className={styles.filterGrid}
          aria-label="Фильтры товаров"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch({ q: text.trim() });
          }}
        >
          <div className={`${ui.field} ${styles.filterWide}`}>
            <label className={ui.fieldLabel} htmlFor="products-q">
              Поиск: название, артикул, адрес
            </label>
            <div className={ui.row}>
              <input
                id="products-q"
                className={ui.control}
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
              <Button type="submit" variant="secondary" size="s">
                <Search width={16} height={16} aria-hidden="true" /> Найти
              </Button>
            </div>
          </div>
          <div className={ui.field}>
            <label className={ui.fieldLabel} htmlFor="products-category">
              Категория
            </label>
            <select
              id="products-category"
              className={ui.control}
              value={search.category ?? ''}
              onChange={(event) => setSearch({ category: event.target.value })}
            >
              <option value="">Все</option>
              {categoryOptions(categories).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label className={ui.fieldLabel} htmlFor="products-price-min">
              Цена от, ₽
            </label>
            <input
              id="products-price-min"
              className={ui.control}
              inputMode="numeric"
              defaultValue={search.priceMin ?? ''}
              key={`min-${search.priceMin ?? ''}`}
              onBlur={(event) => setSearch({ priceMin: event.target.value.replace(/\D/g, '') })}
            />
          </div>
          <div className={ui.field}>
            <label className={ui.fieldLabel} htmlFor="products-price-max">
              Цена до, ₽
            </label>
            <input
              id="products-price-max"
              className={ui.control}
              inputMode="numeric"
              defaultValue={search.priceMax ?? ''}
              key={`max-${search.priceMax ?? ''}`}
              onBlur={(event) => setSearch({ priceMax: event.target.value.replace(/\D/g, '') })}
            />
          </div>
          <div className={ui.field}>
            <label className={ui.fieldLabel} htmlFor="products-badge">
              Метка
            </label>
            <select
              id="products-badge"
              className={ui.control}
              value={search.badge ?? ''}
              onChange={(event) => setSearch({ badge: event.target.value })}
            >
              <option value="">Любая</option>
              <option value="none">Без метки</option>
              {PRODUCT_BADGES.map((badge) => (
                <option key={badge} value={badge}>
                  {BADGE_LABELS[badge]}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label className={ui.fieldLabel} htmlFor="products-hidden">
              Витрина
            </label>
            <select
              id="products-hidden"
              className={ui.control}
              value={search.hidden ?? ''}
              onChange={(event) => setSearch({ hidden: event.target.value })}
            >
              <option value="">Все</option>
              <option value="false">Видимые</option>
              <option value="true">Скрытые</option>
            </select>
          </div>
          <div className={ui.field}>
            <label className={ui.fieldLabel} htmlFor="products-stock">
              Остаток
            </label>
            <select
              id="products-stock"
              className={ui.control}
              value={search.stock ?? ''}
              onChange={(event) => setSearch({ stock: event.target.value })}
            >
              <option value="">Любой</option>
              <option value="in">В наличии</option>
              <option value="out">Нет в наличии</option>
              <option value="untracked">Учёт не ведётся</option>
            </select>
          </div>
          <div className={ui.field}>
            <label className={ui.fieldLabel} htmlFor="products-sort">
              Сортировка
            </label>
            <select
              id="products-sort"
              className={ui.control}
              value={search.sort ?? 'new'}
              onChange={(event) =>
                setSearch({ sort: event.target.value === 'new' ? '' : event.target.value })
              }
            >
              {ADMIN_PRODUCT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
          {hasProductFilters(search) && (
            <Link to="/admin/products" search={{}} className={ui.link}>
              Сбросить фильтры
            </Link>
          )}
        </form>

        {selected.length > 0 && !gridOpen && (
          <section className={ui.bulkBar} aria-label="Выбранные товары">
            <span className={ui.bulkCount}>Выбрано: {selected.length}</span>
            <Button size="s" onClick={() => setGridOpen(true)} disabled={selectedRows.length === 0}>
              <Pencil width={16} height={16} aria-hidden="true" /> Изменить цены и видимость
            </Button>
            <Button variant="secondary" size="s" onClick={() => setSelected([])}>
              Снять выбор
            </Button>
          </section>
        )}

        {gridOpen && (
          <BulkPriceGrid rows={selectedRows} onClose={() => setGridOpen(false)} onRowsStored={onRowsStored} />
        )}

        <DataTable
          caption="Товары"
          data={items}
          columns={columns}
          rowId={(row) => row.id}
          rowLabel={(row) => row.name}
          selection={{ selected, onToggle: toggle, onTogglePage: togglePage }}
          empty={
            <EmptyPanel
              title="Товары не найдены"
              text={hasProductFilters(search) ? 'Измените или сбросьте фильтры.' : 'Добавьте первый товар.'}
            />
          }
        />
        <Pager
          page={search.page ?? 1}
          limit={PRODUCT_LIST_PAGE_SIZE}
          total={page.total}
          totalCapped={page.total_capped === true}
          hrefFor={hrefFor}
        />
      </Card>
      {importOpen && <ProductImportDialog onClose={() => setImportOpen(false)} onImported={reload} />}
    </>
  );
}
