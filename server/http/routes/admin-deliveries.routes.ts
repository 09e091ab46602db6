import {
  type AdminDeliveryDay,
  getAdminDeliveryDay,
  moveAdminOrderSlot,
  setAdminDefaultCapacity,
  setAdminDeliveryCapacity,
} from '../../../api/admin-deliveries';
import { apiError } from '../../../api/errors';
import { DELIVERY_ZONES, type DeliveryZone } from '../../../shared-rules/delivery-service-rule';
import type { MoveDeliverySlot } from '../../application/admin-orders/move-delivery-slot';
import type { DeliveryCalendar } from '../../application/delivery-calendar.port';
import { type DeliveryDayView, deliveryDayView } from '../../application/delivery-day';
import { isOrderStatus } from '../../domain/order-lifecycle.machine';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActorOf } from './admin-order-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

const MOVE_REFUSALS = {
  not_found: { status: 404, code: 'not_found', message: 'Заказ не найден.' },
  stale: {
    status: 409,
    code: 'delivery_slot_changed',
    message: 'Доставку этого заказа уже перенёс кто-то другой. Обновите список.',
  },
  day_full: {
    status: 409,
    code: 'delivery_day_full',
    message: 'На этот день мест больше нет. Увеличьте вместимость дня или выберите другой.',
  },
  unknown_window: { status: 422, code: 'unknown_window', message: 'Такого интервала доставки нет.' },
  order_locked: {
    status: 409,
    code: 'order_locked',
    message: 'Заказ уже оплачен: его можно перенести только на интервал той же цены.',
  },
} as const;

const isDeliveryZone = (value: string | null): value is DeliveryZone =>
  (DELIVERY_ZONES as readonly (string | null)[]).includes(value);

const dayJson = (view: DeliveryDayView): AdminDeliveryDay => ({
  ...view,
  deliveries: view.deliveries.map((delivery) => ({
    ...delivery,
    status: isOrderStatus(delivery.status) ? delivery.status : 'new',
    zone: isDeliveryZone(delivery.zone) ? delivery.zone : null,
  })),
});

/** A capacity save over a value someone else changed meanwhile (the screen showed another one). */
const capacityChanged = () =>
  new ApiFailure(
    409,
    apiError(
      'capacity_changed',
      'Вместимость уже изменил другой сотрудник. Обновите страницу и проверьте её перед сохранением.',
    ),
  );

/** «Доставки на день» and the manager's slot moves (issue 23, item 5; docs/delivery-dates.md). */
export function adminDeliveriesRoutes(
  settings: SessionSettings,
  calendar: DeliveryCalendar,
  moveSlot: MoveDeliverySlot,
): RouteModule {
  return {
    name: 'admin-deliveries',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      const day = async (value: string) => dayJson(await deliveryDayView(calendar, value));

      router.route(getAdminDeliveryDay, async ({ query }) => day(query.day));

      router.route(setAdminDeliveryCapacity, async ({ body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const saved = await calendar.setCapacity(body.day, body.capacity, actor, body.expected);
        if (saved === 'stale') return capacityChanged();
        return day(body.day);
      });

      router.route(setAdminDefaultCapacity, async ({ body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const saved = await calendar.setDefaultCapacity(body.defaultCapacity, actor, body.expected);
        if (saved === 'stale') return capacityChanged();
        return day(body.day);
      });

      router.route(moveAdminOrderSlot, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const outcome = await moveSlot(actor, params.id, body);
        if (outcome === 'moved') return day(body.day);
        const refusal = MOVE_REFUSALS[outcome];
        return new ApiFailure(refusal.status, apiError(refusal.code, refusal.message));
      });
    },
  };
}
