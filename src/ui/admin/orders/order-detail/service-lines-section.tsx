import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatKopecks } from '../../../../../shared-rules/money-rule';
import {
  ADDABLE_SERVICES,
  orderServices,
  type orderServicesMachine,
  serviceLineErrors,
} from '../../../../application/admin/orders/order-service-lines.machine';
import {
  dayTakesOrder,
  orderSlot,
  type orderSlotMachine,
} from '../../../../application/admin/orders/order-slot.machine';
import type { AdminOrderDetail, OrderServiceLine } from '../../../../application/ports/admin-orders.port';
import { Button } from '../../../components/button';
import { useUseCase } from '../../../shell/shop-context';
import { formatDay } from '../../admin-format';
import { Card, Field, Notice } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import type { OrderCardActor } from './order-card-actor';

type ServicesActor = ActorRefFrom<typeof orderServicesMachine>;
type SlotActor = ActorRefFrom<typeof orderSlotMachine>;

function ServiceLinesList({ lines }: { lines: readonly OrderServiceLine[] }) {
  if (lines.length === 0)
    return <p className={styles.muted}>Услуг нет: доставку и услуги менеджер назначает здесь.</p>;
  return (
    <dl className={styles.definitionList}>
      {lines.map((line, index) => (
        // Lines have no id of their own; their place in the order is what the server keeps.
        // biome-ignore lint/suspicious/noArrayIndexKey: the order's service lines are positional
        <div key={index} style={{ display: 'contents' }}>
          <dt>{line.label}</dt>
          <dd className={styles.mono}>{formatKopecks(line.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ServicesEditor({ machine }: { machine: ServicesActor }) {
  const draft = useSelector(machine, (snapshot) => snapshot.context.draft);
  const showErrors = useSelector(machine, (snapshot) => snapshot.context.showErrors);
  const saving = useSelector(machine, (snapshot) => snapshot.matches('saving'));
  return (
    <form
      className={styles.stack}
      aria-label="Услуги"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        machine.send({ type: 'save.requested' });
      }}
    >
      {draft.map((line, index) => {
        const errors = showErrors ? serviceLineErrors(line) : {};
        const number = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: draft lines are positional
          <div key={index} className={styles.row}>
            <Field label={`Услуга ${number}`} error={errors.label}>
              {(control) => (
                <input
                  {...control}
                  className={styles.control}
                  readOnly={saving}
                  value={line.label}
                  onChange={(event) =>
                    machine.send({ type: 'line.edited', index, changes: { label: event.target.value } })
                  }
                />
              )}
            </Field>
            <Field label={`Цена услуги ${number}, ₽`} error={errors.roubles}>
              {(control) => (
                <input
                  {...control}
                  className={`${styles.control} ${styles.mono}`}
                  inputMode="numeric"
                  readOnly={saving}
                  value={line.roubles}
                  onChange={(event) =>
                    machine.send({ type: 'line.edited', index, changes: { roubles: event.target.value } })
                  }
                />
              )}
            </Field>
            <Button
              size="s"
              variant="secondary"
              disabled={saving}
              aria-label={`Убрать услугу ${number}`}
              onClick={() => machine.send({ type: 'line.removed', index })}
            >
              Убрать
            </Button>
          </div>
        );
      })}
      <Field label="Добавить услугу">
        {(control) => (
          <select
            {...control}
            className={styles.control}
            value=""
            disabled={saving}
            onChange={(event) => {
              const chosen = ADDABLE_SERVICES.find((each) => each.kind === event.target.value);
              if (chosen !== undefined) machine.send({ type: 'line.added', kind: chosen.kind });
            }}
          >
            <option value="">Выберите…</option>
            {ADDABLE_SERVICES.map((each) => (
              <option key={each.kind} value={each.kind}>
                {each.label === '' ? 'Другая услуга' : each.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className={styles.row}>
        <Button type="submit" size="s" disabled={saving}>
          {saving ? 'Сохраняем…' : 'Сохранить услуги'}
        </Button>
        <Button
          size="s"
          variant="secondary"
          disabled={saving}
          onClick={() => machine.send({ type: 'edit.cancelled' })}
        >
          Отменить
        </Button>
      </div>
    </form>
  );
}

function SlotText({ order }: { order: AdminOrderDetail }) {
  const slot = order.delivery.slot;
  if (slot !== undefined) {
    const price = slot.price > 0 ? ` · ${formatKopecks(slot.price)}` : '';
    return <p>{`${formatDay(slot.day)}, ${slot.label}${price}`}</p>;
  }
  if (order.deliveryDetails.date !== null)
    return <p>{`${formatDay(order.deliveryDetails.date)}, интервал не выбран`}</p>;
  return <p className={styles.muted}>День доставки не выбран</p>;
}

function SlotPicker({ machine }: { machine: SlotActor }) {
  const view = useSelector(machine, (snapshot) => snapshot.context.view);
  const held = useSelector(machine, (snapshot) => snapshot.context.held);
  const windowId = useSelector(machine, (snapshot) => snapshot.context.windowId);
  const day = useSelector(machine, (snapshot) => snapshot.context.day ?? '');
  const loading = useSelector(machine, (snapshot) => snapshot.matches({ picking: 'loadingDay' }));
  const moving = useSelector(machine, (snapshot) => snapshot.matches('moving'));
  const takes = view !== null && dayTakesOrder(view, held);
  return (
    <form
      className={styles.stack}
      aria-label="Перенос доставки"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        machine.send({ type: 'move.confirmed' });
      }}
    >
      <Field label="Новый день доставки">
        {(control) => (
          <input
            {...control}
            type="date"
            className={styles.control}
            value={day}
            disabled={moving}
            onChange={(event) => {
              if (event.target.value !== '') machine.send({ type: 'day.picked', day: event.target.value });
            }}
          />
        )}
      </Field>
      {loading && <p className={styles.muted}>Загружаем день…</p>}
      {view !== null && !loading && (
        <>
          <p role="status">
            {view.label}: занято {view.booked} из {view.capacity}
            {takes ? '' : ' — мест нет'}
            {view.workingDay ? '' : ' · выходной'}
          </p>
          {takes && (
            <fieldset className={styles.stackSmall} disabled={moving}>
              <legend className={styles.fieldLabel}>Интервал</legend>
              {view.windows.map((window) => (
                <label key={window.id} className={styles.checkboxLabel}>
                  <input
                    type="radio"
                    name="delivery-window"
                    checked={windowId === window.id}
                    onChange={() => machine.send({ type: 'window.picked', windowId: window.id })}
                  />
                  {window.label}
                  {window.price > 0 ? ` · ${formatKopecks(window.price)}` : ''}
                </label>
              ))}
            </fieldset>
          )}
        </>
      )}
      <div className={styles.row}>
        <Button type="submit" size="s" disabled={moving || !takes || windowId === null}>
          {moving ? 'Переносим…' : 'Перенести сюда'}
        </Button>
        <Button
          size="s"
          variant="secondary"
          disabled={moving}
          onClick={() => machine.send({ type: 'move.cancelled' })}
        >
          Отменить
        </Button>
      </div>
    </form>
  );
}

/**
 * «Доставка и услуги» (issue 23): the order's service lines with their edit, and the booked delivery
 * day and window with «Перенести». Both machines answer the saved order, which the card takes.
 */
export function ServiceLinesSection({ card }: { card: OrderCardActor }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  const editor = useActorRef(useUseCase(orderServices), { input: { order } });
  const slot = useActorRef(useUseCase(orderSlot), { input: { order } });
  useEffect(() => {
    const saved = editor.on('serviceLines.orderSaved', (event) =>
      card.send({ type: 'order.saved', order: event.order }),
    );
    const moved = slot.on('slot.orderSaved', (event) =>
      card.send({ type: 'order.saved', order: event.order }),
    );
    return () => {
      saved.unsubscribe();
      moved.unsubscribe();
    };
  }, [card, editor, slot]);
  // The card's order moves on (this section's saves, the others', a fresh read): both machines follow.
  const seen = useRef(order);
  useEffect(() => {
    if (seen.current === order) return;
    seen.current = order;
    editor.send({ type: 'order.loaded', order });
    slot.send({ type: 'order.loaded', order });
  }, [order, editor, slot]);

  const editing = useSelector(editor, (snapshot) => !snapshot.matches('viewing'));
  const lines = useSelector(editor, (snapshot) => snapshot.context.lines);
  const servicesFailure = useSelector(editor, (snapshot) => snapshot.context.failure);
  const servicesNotice = useSelector(editor, (snapshot) => snapshot.context.notice);
  const picking = useSelector(slot, (snapshot) => !snapshot.matches('idle'));
  const slotFailure = useSelector(slot, (snapshot) => snapshot.context.failure);
  const slotNotice = useSelector(slot, (snapshot) => snapshot.context.notice);
  const live = order.deletedAt === null;
  return (
    <Card title="Доставка и услуги">
      <div className={styles.stack}>
        {servicesFailure !== null && (
          <Notice tone="error" role="alert">
            {servicesFailure}
          </Notice>
        )}
        {servicesNotice !== null && (
          <Notice tone="success" role="status">
            {servicesNotice}
          </Notice>
        )}
        {editing ? <ServicesEditor machine={editor} /> : <ServiceLinesList lines={lines} />}
        <p className={styles.strong}>Итого по заказу: {formatKopecks(order.total)}</p>
        {!editing && live && (
          <div>
            <Button size="s" variant="secondary" onClick={() => editor.send({ type: 'edit.started' })}>
              Изменить услуги
            </Button>
          </div>
        )}
        {order.delivery.method === 'courier' && (
          <>
            <h3 className={styles.fieldLabel}>День и интервал</h3>
            {slotFailure !== null && (
              <Notice tone="error" role="alert">
                {slotFailure}
              </Notice>
            )}
            {slotNotice !== null && (
              <Notice tone="success" role="status">
                {slotNotice}
              </Notice>
            )}
            <SlotText order={order} />
            {picking ? (
              <SlotPicker machine={slot} />
            ) : (
              live && (
                <div>
                  <Button size="s" variant="secondary" onClick={() => slot.send({ type: 'move.started' })}>
                    Перенести
                  </Button>
                </div>
              )
            )}
          </>
        )}
      </div>
    </Card>
  );
}
