import { useActorRef, useSelector } from '@xstate/react';
import { Redo2, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { bulkPriceGridFlow } from '../../../application/admin/products/bulk-price-grid.machine';
import {
  type BulkGridContext,
  type bulkPriceGridMachine,
  cellKey,
  type GridRow,
  type PriceField,
  pendingEdits,
} from '../../../application/machines/admin/bulk-price-grid.machine';
import type { AdminProductRow } from '../../../application/ports/admin-products.port';
import { formatPrice } from '../../../domain/money';
import { PRODUCT_BADGES, type ProductBadge } from '../../../domain/product';
import { BADGE_LABELS } from '../../../domain/product-presentation';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { ConfirmDialog, Notice } from '../admin-ui';
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

type GridActor = ActorRefFrom<typeof bulkPriceGridMachine>;

/** «×3,2» / «÷4»: how far a price jumps. */
function jumpFactor(before: number, after: number): string {
  const factor = after >= before ? after / before : before / after;
  return `${after >= before ? '×' : '÷'}${factor.toLocaleString('ru-RU', { maximumFractionDigits: 1 })}`;
}

/** One price cell: what was typed (or the stored number), its error beside it. */
function PriceCell({
  grid,
  row,
  field,
  label,
  changed,
  busy,
}: {
  grid: GridActor;
  row: GridRow;
  field: PriceField;
  label: string;
  changed: boolean;
  busy: boolean;
}) {
  const key = cellKey(row.id, field);
  const value = useSelector(grid, (snapshot) => {
    const typed = snapshot.context.typed[key];
    if (typed !== undefined) return typed;
    const stored = snapshot.context.draft[row.id]?.[field];
    return stored === null || stored === undefined ? '' : String(stored);
  });
  const error = useSelector(grid, (snapshot) => snapshot.context.invalid[key] ?? null);
  const errorId = `grid-error-${row.id}-${field}`;
  return (
    <td className={ui.td}>
      <input
        className={`${styles.gridInput} ${changed ? styles.gridInputChanged : ''}`}
        aria-label={`${label}: ${row.name}`}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        inputMode="decimal"
        value={value}
        placeholder={field === 'price_old' ? 'нет' : undefined}
        disabled={busy}
        onChange={(event) =>
          grid.send({ type: 'grid.priceTyped', id: row.id, field, text: event.target.value })
        }
      />
      {error !== null && (
        <span id={errorId} className={ui.danger} role="alert">
          {error}
        </span>
      )}
    </td>
  );
}

/** «Всем выбранным»: a percent change or one price for every product in the grid. */
function PriceTools({ grid, busy }: { grid: GridActor; busy: boolean }) {
  const [percent, setPercent] = useState('');
  const [price, setPrice] = useState('');
  const toolError = useSelector(grid, (snapshot) => snapshot.context.toolError);
  return (
    <div className={styles.toolbar}>
      <label className={ui.row}>
        <span>Изменить выбранные на</span>
        <input
          className={styles.gridInput}
          inputMode="decimal"
          value={percent}
          placeholder="+5"
          aria-label="Изменение цены выбранных, %"
          onChange={(event) => setPercent(event.target.value)}
        />
        <span>%</span>
      </label>
      <Button
        variant="secondary"
        size="s"
        disabled={busy || percent.trim() === ''}
        onClick={() => grid.send({ type: 'grid.pricesChangedByPercent', text: percent })}
      >
        Применить %
      </Button>
      <label className={ui.row}>
        <span>Установить цену</span>
        <input
          className={styles.gridInput}
          inputMode="decimal"
          value={price}
          placeholder="12 990"
          aria-label="Цена для выбранных, ₽"
          onChange={(event) => setPrice(event.target.value)}
        />
        <span>₽ для выбранных</span>
      </label>
      <Button
        variant="secondary"
        size="s"
        disabled={busy || price.trim() === ''}
        onClick={() => grid.send({ type: 'grid.pricesSet', text: price })}
      >
        Установить цену
      </Button>
      {toolError !== null && (
        <span className={ui.danger} role="alert">
          {toolError}
        </span>
      )}
    </div>
  );
}

/** The jumps a save waits on, listed for a second look. */
function JumpsDialog({ grid }: { grid: GridActor }) {
  const jumps = useSelector(grid, (snapshot) => snapshot.context.jumps);
  const open = useSelector(grid, (snapshot) => snapshot.matches('confirmingJumps'));
  if (!open) return null;
  return (
    <ConfirmDialog
      title="Проверьте резкие изменения цен"
      confirmLabel="Сохранить всё равно"
      onConfirm={() => grid.send({ type: 'grid.jumpsConfirmed' })}
      onCancel={() => grid.send({ type: 'grid.jumpsCancelled' })}
    >
      <p>Цена меняется в 3 раза или больше — возможно, лишний или пропущенный ноль:</p>
      <ul className={ui.dialogList} aria-label="Резкие изменения цен">
        {jumps.map((jump) => (
          <li key={jump.id} className={ui.dialogItem}>
            {jump.name}: {formatPrice(jump.before)} → {formatPrice(jump.after)} (
            {jumpFactor(jump.before, jump.after)})
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

/**
 * The bulk edit grid: the selected products' price, old price, badge and visibility as editable
 * cells; changed cells are tinted, a cell that is not a price says why; «на N %» and «N ₽» change every
 * selected price at once; Ctrl+Z / Ctrl+Shift+Z walk the edits; «Сохранить» asks about ×3 / ÷3 jumps,
 * then sends them, and «Отменить сохранение» undoes the last save on the server. Each save's answer is
 * handed to the list (`onRowsStored`), which shows the new values without reading the page again.
 */
export function BulkPriceGrid({
  rows,
  onClose,
  onRowsStored,
}: {
  rows: readonly AdminProductRow[];
  onClose: () => void;
  onRowsStored: (rows: readonly GridRow[]) => void;
}) {
  const machine = useUseCase(bulkPriceGridFlow);
  const grid = useActorRef(machine, { input: { rows: rows.map(gridRowOf) } });
  const gridRows = useSelector(grid, (snapshot) => snapshot.context.rows);
  const draft = useSelector(grid, (snapshot) => snapshot.context.draft);
  const error = useSelector(grid, (snapshot) => snapshot.context.error);
  const notice = useSelector(grid, (snapshot) => snapshot.context.notice);
  const invalidCount = useSelector(grid, (snapshot) => Object.keys(snapshot.context.invalid).length);
  const changedKeys = useSelector(grid, (snapshot) => changedCells(snapshot.context), sameText);
  const busy = useSelector(grid, (snapshot) => snapshot.hasTag('busy'));
  const canSave = useSelector(grid, (snapshot) => snapshot.can({ type: 'grid.saveRequested' }));
  const canUndo = useSelector(grid, (snapshot) => snapshot.can({ type: 'grid.undo' }));
  const canRedo = useSelector(grid, (snapshot) => snapshot.can({ type: 'grid.redo' }));
  const canUndoSaved = useSelector(grid, (snapshot) => snapshot.can({ type: 'grid.undoSavedRequested' }));

  useEffect(() => {
    const subscription = grid.on('grid.rowsStored', (event) => onRowsStored(event.rows));
    return () => subscription.unsubscribe();
  }, [grid, onRowsStored]);

  const changed = new Set(changedKeys === '' ? [] : changedKeys.split(' '));
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
        <strong>Массовое редактирование: {gridRows.length} тов.</strong>
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
      <PriceTools grid={grid} busy={busy} />
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
            {gridRows.map((row) => {
              const values = draft[row.id];
              if (!values) return null;
              return (
                <tr key={row.id} className={ui.tr}>
                  <td className={ui.td}>
                    {row.name}
                    <br />
                    <span className={styles.productSku}>{row.sku}</span>
                  </td>
                  <PriceCell
                    grid={grid}
                    row={row}
                    field="price"
                    label="Цена"
                    changed={changed.has(`${row.id}:price`)}
                    busy={busy}
                  />
                  <PriceCell
                    grid={grid}
                    row={row}
                    field="price_old"
                    label="Старая цена"
                    changed={changed.has(`${row.id}:price_old`)}
                    busy={busy}
                  />
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
      {error && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
      {notice && (
        <Notice tone="success" role="status">
          {notice}
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
        <span className={ui.muted}>
          Изменено ячеек: {changed.size}
          {invalidCount > 0 && `, с ошибкой: ${invalidCount}`}
        </span>
        <span className={styles.toolbarSpacer} />
        <Button onClick={() => grid.send({ type: 'grid.saveRequested' })} disabled={!canSave || busy}>
          {busy ? 'Сохраняем…' : 'Сохранить изменения'}
        </Button>
      </div>
      <JumpsDialog grid={grid} />
    </section>
  );
}

/** The changed cells as one string («1:price 2:hidden»), so the selector's answer compares by value. */
function changedCells(context: BulkGridContext): string {
  return pendingEdits(context)
    .map((edit) => `${edit.id}:${edit.field}`)
    .join(' ');
}

const sameText = (a: string, b: string) => a === b;
