import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ORDER_ACTION_LABELS } from '../../../../../shared-rules/order-status-rule';
import {
  bulkActionTitle,
  bulkPreview,
  bulkPreviewSummary,
  bulkStatusTargets,
} from '../../../../application/admin/bulk-preview';
import { bulkOrders } from '../../../../application/admin/orders/bulk-orders';
import type {
  BulkAction,
  bulkSelectionMachine,
} from '../../../../application/machines/admin/bulk-selection.machine';
import {
  ADMIN_ORDER_STATUS_LABELS,
  type AdminOrder,
  isAdminOrderStatus,
} from '../../../../application/ports/admin-orders.port';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useUseCase } from '../../../shell/shop-context';
import { plural } from '../../admin-format';
import { ConfirmDialog, Notice } from '../../admin-ui';
import * as styles from '../../admin-ui.css';

/** The list's running bulk-selection machine (bulk-orders.ts provides its one bulk call per action). */
type BulkActor = ActorRefFrom<typeof bulkSelectionMachine>;

/** The bar over a selection: a status the selected orders can move to, allow payment, delete. */
export function BulkBar({ bulk, orders }: { bulk: BulkActor; orders: readonly AdminOrder[] }) {
  const selected = useSelector(bulk, (snapshot) => snapshot.context.selected);
  const [target, setTarget] = useState('');
  if (selected.length === 0) return null;
  const targets = bulkStatusTargets(selected, orders).filter(isAdminOrderStatus);
  const choose = (action: BulkAction) => bulk.send({ type: 'bulk.chosen', action });
  return (
    <section className={styles.bulkBar} aria-label="Действия с выбранными">
      <span className={styles.bulkCount}>Выбрано: {selected.length}</span>
      <select
        className={styles.control}
        style={{ width: 'auto' }}
        aria-label="Новый статус"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        <option value="">Статус…</option>
        {targets.map((each) => (
          <option key={each} value={each}>
            {ADMIN_ORDER_STATUS_LABELS[each]}
          </option>
        ))}
      </select>
      <Button
        size="s"
        variant="inverse"
        disabled={target === ''}
        onClick={() => choose({ kind: 'status', status: target })}
      >
        Сменить статус
      </Button>
      <Button size="s" variant="inverse" onClick={() => choose({ kind: 'allowPayment' })}>
        {ORDER_ACTION_LABELS.awaiting_payment}
      </Button>
      <Button size="s" variant="inverse" onClick={() => choose({ kind: 'delete' })}>
        Удалить
      </Button>
      <Button
        size="s"
        variant="ghost"
        className={styles.strong}
        onClick={() => bulk.send({ type: 'selection.cleared' })}
      >
        <span style={{ color: 'inherit' }}>Снять выбор</span>
      </Button>
    </section>
  );
}

/** What the chosen action will do to each selected order (read from its `actions`), then confirm. */
export function BulkConfirmation({ bulk, orders }: { bulk: BulkActor; orders: readonly AdminOrder[] }) {
  const open = useSelector(
    bulk,
    (snapshot) => snapshot.matches('confirming') || snapshot.matches('applying'),
  );
  const applying = useSelector(bulk, (snapshot) => snapshot.matches('applying'));
  const selected = useSelector(bulk, (snapshot) => snapshot.context.selected);
  const action = useSelector(bulk, (snapshot) => snapshot.context.action);
  if (!open || action === null) return null;
  const preview = bulkPreview(selected, orders, action);
  const allowedCount = preview.filter((row) => row.allowed).length;
  return (
    <ConfirmDialog
      title={bulkActionTitle(action)}
      confirmLabel={allowedCount === 0 ? 'Всё равно отправить' : `Применить к ${allowedCount}`}
      destructive={action.kind === 'delete'}
      busy={applying}
      onConfirm={() => bulk.send({ type: 'bulk.confirmed' })}
      onCancel={() => bulk.send({ type: 'bulk.cancelled' })}
    >
      <p>
        {allowedCount === preview.length
          ? `Изменение коснётся ${plural(preview.length, 'заказа', 'заказов', 'заказов')}.`
          : bulkPreviewSummary(preview, action)}
      </p>
      <ul className={styles.dialogList} aria-label="Что изменится">
        {preview.map((row) => (
          <li key={row.id} className={styles.dialogItem}>
            <span className={styles.strong}>№ {row.id}</span>
            <span className={row.allowed ? undefined : styles.danger}>{row.change}</span>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

/** What happened to each order; closing it clears the selection (the list is read again). */
export function BulkResults({ bulk }: { bulk: BulkActor }) {
  const open = useSelector(bulk, (snapshot) => snapshot.matches('results'));
  const results = useSelector(bulk, (snapshot) => snapshot.context.results);
  const error = useSelector(bulk, (snapshot) => snapshot.context.error);
  if (!open) return null;
  const close = () => bulk.send({ type: 'results.closed' });
  return (
    <Modal title="Результат" onClose={close} name="bulk-results">
      <div className={styles.stack}>
        {error !== null ? (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        ) : (
          <>
            <Notice tone={results.every((row) => row.ok) ? 'success' : 'warning'} role="status">
              Выполнено: {results.filter((row) => row.ok).length} из {results.length}
            </Notice>
            <ul className={styles.dialogList} aria-label="Результат по заказам">
              {results.map((row) => (
                <li key={row.id} className={styles.dialogItem}>
                  <span className={styles.strong}>№ {row.id}</span>
                  <span className={row.ok ? undefined : styles.danger}>
                    {row.ok ? 'Готово' : (row.error ?? 'Не выполнено')}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className={styles.dialogActions}>
          <Button onClick={close}>Готово</Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * The list's selection machine (bulk-orders.ts), given every order the list has shown: a status change
 * sends each order with the status the manager saw, on whichever page it was ticked.
 */
export function useBulkOrders(orders: readonly AdminOrder[], reload: () => void): BulkActor {
  const seen = useRef(new Map<number, AdminOrder>());
  for (const order of orders) seen.current.set(order.id, order);
  const provide = useUseCase(bulkOrders);
  const machine = useMemo(() => provide((id) => seen.current.get(id)), [provide]);
  const bulk = useActorRef(machine);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    const subscription = bulk.on('bulk.applied', () => reloadRef.current());
    return () => subscription.unsubscribe();
  }, [bulk]);
  return bulk;
}
