import { useSelector } from '@xstate/react';
import { RotateCcw, Trash2 } from 'lucide-react';
import type { OrderCardCommand } from '../../../../application/admin/orders/order-card.machine';
import type { AdminOrderDetail, AdminOrderStatus } from '../../../../application/ports/admin-orders.port';
import { Button } from '../../../components/button';
import { formatAge, formatDateTime, ORDER_STATUS_TONES } from '../../admin-format';
import { Card, ConfirmDialog, Notice, StatusBadge } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import type { OrderCardActor } from './order-card-actor';

const ENDS_OR_OPENS_CLAIM: ReadonlySet<AdminOrderStatus> = new Set(['cancelled', 'claim']);

/** What a command asked for confirmation does, in words. */
function commandText(command: OrderCardCommand, order: AdminOrderDetail): string {
  if (command.kind === 'delete')
    return `Заказ № ${order.id} уйдёт в корзину и пропадёт из списков и из кабинета клиента. Его можно будет восстановить.`;
  if (command.kind === 'restore') return `Заказ № ${order.id} вернётся из корзины.`;
  if (command.to === 'cancelled')
    return `Заказ № ${order.id} будет отменён. Ожидающий платёж аннулируется, полученные деньги вернутся клиенту, клиент получит письмо.`;
  if (command.to === 'confirmed')
    return `Ссылка на оплату заказа № ${order.id} перестанет действовать, заказ вернётся в «Подтверждён». Клиент получит письмо.`;
  const move = order.actions.find((each) => each.to === command.to);
  return `«${move?.label ?? command.to}»: заказ № ${order.id} перейдёт из «${order.statusLabel}». Клиент получит письмо.`;
}

/** One move the chart offers; enabled while the card may take it (not while a command runs). */
function MoveButton({ card, move }: { card: OrderCardActor; move: AdminOrderDetail['actions'][number] }) {
  const enabled = useSelector(card, (snapshot) =>
    snapshot.can({ type: 'status.moveRequested', to: move.to }),
  );
  return (
    <Button
      size="s"
      variant={ENDS_OR_OPENS_CLAIM.has(move.to) ? 'secondary' : 'primary'}
      disabled={!enabled}
      onClick={() => card.send({ type: 'status.moveRequested', to: move.to })}
    >
      {move.label}
    </Button>
  );
}

/** «Статус»: the status, how long it has been so, the chart's moves, the bin. */
export function StatusSection({ card }: { card: OrderCardActor }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  const state = useSelector(card, (snapshot) => snapshot.value);
  const command = useSelector(card, (snapshot) => snapshot.context.command);
  const error = useSelector(card, (snapshot) => snapshot.context.error);
  const canDelete = useSelector(card, (snapshot) => snapshot.can({ type: 'order.deleteRequested' }));
  const canRestore = useSelector(card, (snapshot) => snapshot.can({ type: 'order.restoreRequested' }));
  return (
    <Card title="Статус">
      <div className={styles.stack}>
        <div className={styles.row}>
          <StatusBadge tone={ORDER_STATUS_TONES[order.status]}>{order.statusLabel}</StatusBadge>
          <span className={styles.muted}>
            с {formatDateTime(order.statusSince)} ({formatAge(order.statusSince)})
          </span>
          {order.overdue && <StatusBadge tone="danger">Просрочен</StatusBadge>}
        </div>
        {order.deletedAt !== null ? (
          <Notice tone="warning">Заказ в корзине с {formatDateTime(order.deletedAt)}.</Notice>
        ) : order.actions.length === 0 ? (
          <p className={styles.muted}>Дальнейших переходов нет.</p>
        ) : (
          <div className={styles.row}>
            {order.actions.map((move) => (
              <MoveButton key={move.to} card={card} move={move} />
            ))}
          </div>
        )}
        <div className={styles.row}>
          {order.deletedAt === null ? (
            <Button
              size="s"
              variant="ghost"
              disabled={!canDelete}
              onClick={() => card.send({ type: 'order.deleteRequested' })}
            >
              <Trash2 width={16} height={16} aria-hidden="true" /> Удалить заказ
            </Button>
          ) : (
            <Button
              size="s"
              variant="secondary"
              disabled={!canRestore}
              onClick={() => card.send({ type: 'order.restoreRequested' })}
            >
              <RotateCcw width={16} height={16} aria-hidden="true" /> Восстановить
            </Button>
          )}
        </div>
        {state === 'dateMissing' && (
          <Notice tone="error" role="alert">
            Доставку не согласовать без даты: укажите её в разделе «Доставка» и сохраните.
          </Notice>
        )}
        {state === 'failed' && error !== null && (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        )}
        {state === 'done' && (
          <Notice tone="success" role="status">
            Готово
          </Notice>
        )}
      </div>
      {state === 'confirming' && command !== null && (
        <ConfirmDialog
          title={command.kind === 'delete' ? 'Удалить заказ?' : 'Подтвердите действие'}
          confirmLabel={command.kind === 'delete' ? 'Удалить' : 'Подтвердить'}
          destructive
          onConfirm={() => card.send({ type: 'command.confirmed' })}
          onCancel={() => card.send({ type: 'command.cancelled' })}
        >
          <p>{commandText(command, order)}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
