import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../theme/utilities.css';
import * as styles from './admin-ui.css';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned tabular figures (money, counts). */
    numeric?: boolean;
    /** Left out on phones (≤ 768 px) to keep the table readable. */
    hideOnMobile?: boolean;
    /** The server sort key this column's header toggles. */
    sortKey?: string;
  }
}

interface TableSelection {
  readonly selected: readonly number[];
  readonly onToggle: (id: number) => void;
  /** Ticks every row on the page, or unticks them all when all are ticked. */
  readonly onTogglePage: (ids: readonly number[]) => void;
  /** Rows that may not be ticked (none by default). */
  readonly disabled?: boolean;
}

interface TableSort {
  readonly by: string;
  readonly dir: 'asc' | 'desc';
  readonly onSort: (key: string) => void;
}

export interface DataTableProps<T> {
  /** What the table lists, for screen readers («Заказы»). */
  readonly caption: string;
  readonly data: readonly T[];
  readonly columns: readonly ColumnDef<T>[];
  readonly rowId: (row: T) => number;
  /** How a row names itself in the selection checkbox («Заказ № 12»). */
  readonly rowLabel?: (row: T) => string;
  readonly selection?: TableSelection;
  readonly sort?: TableSort;
  readonly rowState?: (row: T) => { unread?: boolean };
  readonly empty: ReactNode;
}

function SortIcon({ active, dir }: { active: boolean; dir: 'asc' | 'desc' }) {
  if (!active) return <ArrowUpDown width={12} height={12} aria-hidden="true" />;
  return dir === 'asc' ? (
    <ArrowUp width={12} height={12} aria-hidden="true" />
  ) : (
    <ArrowDown width={12} height={12} aria-hidden="true" />
  );
}

/**
 * The back office's data table (TanStack Table v8, headless): server-side paging and sorting, row
 * selection by id through the bulk machine, columns that phones leave out. The data is what the
 * route loaded; the table itself holds no state.
 */
export function DataTable<T>({
  caption,
  data,
  columns,
  rowId,
  rowLabel,
  selection,
  sort,
  rowState,
  empty,
}: DataTableProps<T>) {
  const table = useReactTable<T>({
    data: data as T[],
    columns: columns as ColumnDef<T>[],
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowId(row)),
    manualSorting: true,
    manualPagination: true,
  });
  const pageIds = data.map(rowId);
  const selectedSet = new Set(selection?.selected ?? []);
  const allTicked = pageIds.length > 0 && pageIds.every((id) => selectedSet.has(id));
  const someTicked = pageIds.some((id) => selectedSet.has(id));

  if (data.length === 0) return <div className={styles.tableWrap}>{empty}</div>;

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={visuallyHidden}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection && (
                <th className={`${styles.th} ${styles.selectCell}`} scope="col">
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    aria-label="Выбрать все на странице"
                    checked={allTicked}
                    ref={(input) => {
                      if (input) input.indeterminate = someTicked && !allTicked;
                    }}
                    disabled={selection.disabled}
                    onChange={() => selection.onTogglePage(pageIds)}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const key = meta?.sortKey;
                const active = sort !== undefined && key !== undefined && sort.by === key;
                const className = [
                  styles.th,
                  meta?.numeric ? styles.numeric : '',
                  meta?.hideOnMobile ? styles.hideOnMobile : '',
                ].join(' ');
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    className={className}
                    scope="col"
                    aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sort !== undefined && key !== undefined ? (
                      <button type="button" className={styles.sortButton} onClick={() => sort.onSort(key)}>
                        {label}
                        <SortIcon active={active} dir={sort.dir} />
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const id = rowId(row.original);
            const ticked = selectedSet.has(id);
            return (
              <tr
                key={row.id}
                className={styles.tr}
                data-selected={ticked}
                data-unread={rowState?.(row.original).unread === true}
                data-row-id={id}
              >
                {selection && (
                  <td className={`${styles.td} ${styles.selectCell}`}>
                    <input
                      type="checkbox"
                      className={styles.checkbox}
                      aria-label={`Выбрать: ${rowLabel?.(row.original) ?? id}`}
                      checked={ticked}
                      disabled={selection.disabled}
                      onChange={() => selection.onToggle(id)}
                    />
                  </td>
                )}
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const className = [
                    styles.td,
                    meta?.numeric ? styles.numeric : '',
                    meta?.hideOnMobile ? styles.hideOnMobile : '',
                  ].join(' ');
                  return (
                    <td key={cell.id} className={className}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
