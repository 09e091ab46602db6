import { useActorRef, useSelector } from '@xstate/react';
import { Redo2, Undo2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  bulkPriceGridMachine,
  type GridChange,
  type GridRow,
  pendingEdits,
} from '../../../application/machines/admin/bulk-price-grid.machine';
import type { AdminProductRow, AdminProductsPort } from '../../../application/ports/admin-products.port';
import { PRODUCT_BADGES, type ProductBadge } from '../../../domain/product';
import { BADGE_LABELS } from '../../../domain/product-presentation';
import { Button } from '../../components/button';
import { Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import * as styles from './catalogue.css';

function gridRowOf(row: AdminProductRow): GridRow {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    price: row.price,
    price_old: row.price_old,
    badge: row.badge,
    hidden: row.hidden,
  };
}

function roubles(value: string): number | null {
  const digits = value.replace(/[^\d]/g, '');
  return digits === '' ? null : Number(digits);
}

/**
 * The bulk edit grid: the selected products' price, old price, badge and visibility as editable
 * cells; changed cells are tinted; Ctrl+Z / Ctrl+Shift+Z walk the edits; «Сохранить» sends them and
 * «Отменить сохранение» undoes the last save on the server.
 */
export function BulkPriceGrid({
  rows,
  products,
  onClose,
}: {
  rows: readonly AdminProductRow[];
  products: AdminProductsPort;
  onClose: () => void;
}) {
  const machine = useMemo(
    () =>
      bulkPriceGridMachine.provide({
        actors: {
          saveChanges: fromPromise(
            ({ input, signal }: { input: { changes: readonly GridChange[] }; signal: AbortSignal }) =>
              products.bulkEdit(input.changes, { signal }),
          ),
          undoOperations: fromPromise(
            ({ input, signal }: { input: { operations: readonly string[] }; signal: AbortSignal }) =>
              products.undoBulkEdit(input.operations, { signal }),
          ),
        },
      }),
    [products],
  );
  const grid = useActorRef(machine);
  const context = useSelector(grid, (snapshot) => snapshot.context);
  const busy = useSelector(grid, (snapshot) => snapshot.hasTag('busy'));
  const canSave = useSelector(grid, (snapshot) => snapshot.can({ type: 'grid.saveRequested' }));
  const canUndo = useSelector(grid, (snapshot) => snapshot.can({ type: 'grid.undo' }));
  const canRedo = useSelector(grid, (snapshot) => snapshot.can({ type: 'grid.redo' }));
  const canUndoSaved = useSelector(grid, (snapshot) => snapshot.can({ type: 'grid.undoSavedRequested' }));

  useEffect(() => {
    grid.send({ type: 'grid.rowsLoaded', rows: rows.map(gridRowOf) });
  }, [grid, rows]);

  const changed = new Set(pendingEdits(context).map((edit) => `${edit.id}:${edit.field}`));
  const cellClass = (id: number, field: string) =>
    `${styles.gridInput} ${changed.has(`${id}:${field}`) ? styles.gridInputChanged : ''}`;

  return (
    <section
      className={styles.gridPanel}
      aria-label="Массовое редактирование"
      onKeyDown={(event) => {
        if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
        event.preventDefault();
        grid.send({ type: event.shiftKey ? 'grid.redo' : 'grid.undo' });
      }}
    >
      <div className={styles.toolbar}>
        <strong>Массовое редактирование: {context.rows.length} тов.</strong>
        <Button
          variant="secondary"
          size="s"
          disabled={!canUndo}
          onClick={() => grid.send({ type: 'grid.undo' })}
        >
          <Undo2 width={16} height={16} aria-hidden="true" /> Отменить правку
        </Button>
        <Button
          variant="secondary"
          size="s"
          disabled={!canRedo}
          onClick={() => grid.send({ type: 'grid.redo' })}
        >
          <Redo2 width={16} height={16} aria-hidden="true" /> Вернуть
        </Button>
        <span className={styles.toolbarSpacer} />
        <Button variant="secondary" size="s" onClick={onClose} disabled={busy}>
          Закрыть
        </Button>
      </div>
      <div className={styles.toolbar}>
        <span className={ui.muted}>Всем выбранным:</span>
        <Button
          variant="secondary"
          size="s"
          onClick={() => grid.send({ type: 'grid.columnFilled', fill: { field: 'hidden', value: true } })}
        >
          Скрыть
        </Button>
        <Button
          variant="secondary"
          size="s"
          onClick={() => grid.send({ type: 'grid.columnFilled', fill: { field: 'hidden', value: false } })}
        >
          Показать
        </Button>
        <Button
          variant="secondary"
          size="s"
          onClick={() => grid.send({ type: 'grid.columnFilled', fill: { field: 'badge', value: null } })}
        >
          Убрать метку
        </Button>
      </div>
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <caption className={ui.muted}>Изменённые ячейки подсвечены; Ctrl+Z — отменить правку</caption>
          <thead>
            <tr>
              <th className={ui.th} scope="col">
                Товар
              </th>
              <th className={`${ui.th} ${ui.numeric}`} scope="col">
                Цена, ₽
              </th>
              <th className={`${ui.th} ${ui.numeric}`} scope="col">
                Старая цена, ₽
              </th>
              <th className={ui.th} scope="col">
                Метка
              </th>
              <th className={ui.th} scope="col">
                Скрыт
              </th>
            </tr>
          </thead>
          <tbody>
            {context.rows.map((row) => {
              const values = context.draft[row.id];
              if (!values) return null;
              return (
                <tr key={row.id} className={ui.tr}>
                  <td className={ui.td}>
                    {row.name}
                    <br />
                    <span className={styles.productSku}>{row.sku}</span>
                  </td>
                  <td className={ui.td}>
                    <input
                      className={cellClass(row.id, 'price')}
                      aria-label={`Цена: ${row.name}`}
                      inputMode="numeric"
                      value={values.price}
                      disabled={busy}
                      onChange={(event) =>
                        grid.send({
                          type: 'grid.cellEdited',
                          edit: { id: row.id, field: 'price', after: roubles(event.target.value) ?? 0 },
                        })
                      }
                    />
                  </td>
                  <td className={ui.td}>
                    <input
                      className={cellClass(row.id, 'price_old')}
                      aria-label={`Старая цена: ${row.name}`}
                      inputMode="numeric"
                      value={values.price_old ?? ''}
                      placeholder="нет"
                      disabled={busy}
                      onChange={(event) =>
                        grid.send({
                          type: 'grid.cellEdited',
                          edit: { id: row.id, field: 'price_old', after: roubles(event.target.value) },
                        })
                      }
                    />
                  </td>
                  <td className={ui.td}>
                    <select
                      className={cellClass(row.id, 'badge')}
                      aria-label={`Метка: ${row.name}`}
                      value={values.badge ?? ''}
                      disabled={busy}
                      onChange={(event) =>
                        grid.send({
                          type: 'grid.cellEdited',
                          edit: {
                            id: row.id,
                            field: 'badge',
                            after: event.target.value === '' ? null : (event.target.value as ProductBadge),
                          },
                        })
                      }
                    >
                      <option value="">нет</option>
                      {PRODUCT_BADGES.map((badge) => (
                        <option key={badge} value={badge}>
                          {BADGE_LABELS[badge]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className={ui.td}>
                    <input
                      type="checkbox"
                      className={ui.checkbox}
                      aria-label={`Скрыт: ${row.name}`}
                      checked={values.hidden}
                      disabled={busy}
                      onChange={(event) =>
                        grid.send({
                          type: 'grid.cellEdited',
                          edit: { id: row.id, field: 'hidden', after: event.target.checked },
                        })
                      }
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {context.error && (
        <Notice tone="error" role="alert">
          {context.error}
        </Notice>
      )}
      {context.notice && (
        <Notice tone="success" role="status">
          {context.notice}
          {canUndoSaved && (
            <>
              {' '}
              <Button
                variant="secondary"
                size="s"
                onClick={() => grid.send({ type: 'grid.undoSavedRequested' })}
                disabled={busy}
              >
                <Undo2 width={16} height={16} aria-hidden="true" /> Отменить сохранение
              </Button>
            </>
          )}
        </Notice>
      )}
      <div className={styles.toolbar}>
        <span className={ui.muted}>Изменено ячеек: {changed.size}</span>
        <span className={styles.toolbarSpacer} />
        <Button onClick={() => grid.send({ type: 'grid.saveRequested' })} disabled={!canSave || busy}>
          {busy ? 'Сохраняем…' : 'Сохранить изменения'}
        </Button>
      </div>
    </section>
  );
}
