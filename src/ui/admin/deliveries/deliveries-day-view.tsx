import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DELIVERY_ZONE_LABELS } from '../../../../shared-rules/delivery-service-rule';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { ORDER_STATUS_LABELS } from '../../../../shared-rules/order-status-rule';
import {
  deliveryDay,
  type deliveryDayMachine,
} from '../../../application/admin/deliveries/delivery-day.machine';
import type { DayDeliveryEntry } from '../../../application/ports/admin-deliveries.port';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { ORDER_STATUS_TONES, plural } from '../admin-format';
import { Card, EmptyPanel, ErrorPanel, Field, Notice, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { PageHeader } from '../page-header';

type DayActor = ActorRefFrom<typeof deliveryDayMachine>;

const NO_WINDOW = 'Интервал не выбран';

function zoneText(delivery: DayDeliveryEntry): string {
  if (delivery.zone === null) return 'Не указана';
  const label = DELIVERY_ZONE_LABELS[delivery.zone];
  return delivery.zone === 'outside_kad' && delivery.kmBeyondKad !== null
    ? `${label}, ${delivery.kmBeyondKad} км`
    : label;
}

/** The deliveries grouped by their window, in the day's order (the server sorts them by window). */
function byWindow(deliveries: readonly DayDeliveryEntry[]): [string, DayDeliveryEntry[]][] {
  const groups = new Map<string, DayDeliveryEntry[]>();
  for (const delivery of deliveries) {
    const label = delivery.windowLabel ?? NO_WINDOW;
    groups.set(label, [...(groups.get(label) ?? []), delivery]);
  }
  return [...groups];
}

function DeliveryRow({ delivery }: { delivery: DayDeliveryEntry }) {
  return (
    <tr className={styles.tr}>
      <td className={styles.td}>
        <Link
          to="/admin/orders/$orderId"
          params={{ orderId: String(delivery.orderId) }}
          className={styles.link}
        >
          № {delivery.orderId}
        </Link>
      </td>
      <td className={styles.td}>
        <span className={styles.strong}>{delivery.contactName}</span>
        <br />
        <span className={styles.muted}>{delivery.contactPhone}</span>
      </td>
      <td className={styles.td}>{delivery.address ?? 'Адрес не указан'}</td>
      <td className={styles.td}>{zoneText(delivery)}</td>
      <td className={styles.td}>
        {delivery.items.map((item, index) => (
          // Lines of one order may repeat a name; their place in the order tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines have no id of their own
          <div key={index}>
            {item.name} × {item.quantity}
          </div>
        ))}
      </td>
      <td className={styles.td}>
        {delivery.serviceLines.length === 0
          ? '—'
          : delivery.serviceLines.map((service, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: service lines have no id of their own
              <div key={index}>
                {service.label}: {formatKopecks(service.amount)}
              </div>
            ))}
      </td>
      <td className={styles.td}>
        <StatusBadge tone={ORDER_STATUS_TONES[delivery.status]}>
          {ORDER_STATUS_LABELS[delivery.status]}
        </StatusBadge>
      </td>
    </tr>
  );
}

function WindowTable({ label, deliveries }: { label: string; deliveries: readonly DayDeliveryEntry[] }) {
  return (
    <Card title={`${label} · ${plural(deliveries.length, 'доставка', 'доставки', 'доставок')}`}>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label={`Доставки: ${label}`}>
          <thead>
            <tr>
              <th className={styles.th}>Заказ</th>
              <th className={styles.th}>Клиент</th>
              <th className={styles.th}>Адрес</th>
              <th className={styles.th}>Зона</th>
              <th className={styles.th}>Товары</th>
              <th className={styles.th}>Услуги</th>
              <th className={styles.th}>Статус</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.orderId} delivery={delivery} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function CapacityCard({ screen }: { screen: DayActor }) {
  const view = useSelector(screen, (snapshot) => snapshot.context.view);
  const capacityText = useSelector(screen, (snapshot) => snapshot.context.capacityText);
  const defaultText = useSelector(screen, (snapshot) => snapshot.context.defaultText);
  const busy = useSelector(
    screen,
    (snapshot) => snapshot.matches('savingCapacity') || snapshot.matches('savingDefault'),
  );
  if (view === null) return null;
  return (
    <Card title="Вместимость">
      <div className={styles.stack}>
        <p>
          Занято{' '}
          <span className={styles.strong} role="status" aria-label="Занято мест">
            {view.booked} из {view.capacity}
          </span>
          {view.override === null ? ' (обычная вместимость)' : ' (вместимость этого дня)'}
          {view.booked >= view.capacity ? ' — мест нет, день закрыт для оформления' : ''}
        </p>
        <form
          className={styles.row}
          aria-label="Вместимость дня"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            screen.send({ type: 'capacity.saveRequested' });
          }}
        >
          <Field label="Доставок в этот день" hint="Пусто — как обычно; 0 закрывает день">
            {(control) => (
              <input
                {...control}
                className={`${styles.control} ${styles.mono}`}
                inputMode="numeric"
                placeholder={String(view.defaultCapacity)}
                readOnly={busy}
                value={capacityText}
                onChange={(event) => screen.send({ type: 'capacity.edited', text: event.target.value })}
              />
            )}
          </Field>
          <Button type="submit" size="s" disabled={busy}>
            Сохранить для дня
          </Button>
          {view.override !== null && (
            <Button
              size="s"
              variant="secondary"
              disabled={busy}
              onClick={() => screen.send({ type: 'capacity.resetRequested' })}
            >
              Как обычно
            </Button>
          )}
        </form>
        <form
          className={styles.row}
          aria-label="Обычная вместимость"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            screen.send({ type: 'default.saveRequested' });
          }}
        >
          <Field label="Обычно доставок в день" hint="Для дней без своей вместимости">
            {(control) => (
              <input
                {...control}
                className={`${styles.control} ${styles.mono}`}
                inputMode="numeric"
                readOnly={busy}
                value={defaultText}
                onChange={(event) => screen.send({ type: 'default.edited', text: event.target.value })}
              />
            )}
          </Field>
          <Button type="submit" size="s" variant="secondary" disabled={busy}>
            Сохранить обычную
          </Button>
        </form>
      </div>
    </Card>
  );
}

function DayPicker({ screen }: { screen: DayActor }) {
  const day = useSelector(screen, (snapshot) => snapshot.context.view?.day ?? snapshot.context.day ?? '');
  return (
    <Field label="День доставки">
      {(control) => (
        <input
          {...control}
          type="date"
          className={styles.control}
          value={day}
          onChange={(event) => {
            if (event.target.value !== '') screen.send({ type: 'day.picked', day: event.target.value });
          }}
        />
      )}
    </Field>
  );
}

/**
 * «Доставки на день» (/admin/deliveries): the day's orders by window, its capacity used and total, and
 * the capacity editor. The view renders the day machine's state and sends it events.
 */
export function DeliveriesDayView({ day }: { day?: string }) {
  const screen = useActorRef(useUseCase(deliveryDay), { input: { day: day ?? null } });
  const view = useSelector(screen, (snapshot) => snapshot.context.view);
  const failure = useSelector(screen, (snapshot) => snapshot.context.failure);
  const notice = useSelector(screen, (snapshot) => snapshot.context.notice);
  const unavailable = useSelector(screen, (snapshot) => snapshot.matches('unavailable'));
  const loading = useSelector(screen, (snapshot) => snapshot.matches('loading'));
  return (
    <>
      <PageHeader
        title="Доставки на день"
        subtitle={view === null ? 'Загружаем день…' : `${view.label}${view.workingDay ? '' : ' · выходной'}`}
      />
      <div className={styles.stack} style={{ marginTop: '16px' }}>
        <DayPicker screen={screen} />
        {unavailable ? (
          <ErrorPanel text={failure ?? ''} onRetry={() => screen.send({ type: 'day.retry' })} />
        ) : (
          <>
            {failure !== null && (
              <Notice tone="error" role="alert">
                {failure}
              </Notice>
            )}
            {notice !== null && (
              <Notice tone="success" role="status">
                {notice}
              </Notice>
            )}
            <CapacityCard screen={screen} />
            {view !== null && !loading && view.deliveries.length === 0 && (
              <EmptyPanel title="На этот день доставок нет" />
            )}
            {view !== null &&
              !loading &&
              byWindow(view.deliveries).map(([label, deliveries]) => (
                <WindowTable key={label} label={label} deliveries={deliveries} />
              ))}
          </>
        )}
      </div>
    </>
  );
}
