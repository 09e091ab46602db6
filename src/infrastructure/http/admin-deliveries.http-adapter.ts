import * as Admin from '../../../api/admin-deliveries';
import type {
  AdminDeliveriesPort,
  AdminDeliveryDayView,
  SlotRef,
} from '../../application/ports/admin-deliveries.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

/** The day as the port names it: a delivery's `services` are its `serviceLines`. */
function dayOf(answer: Admin.AdminDeliveryDay): AdminDeliveryDayView {
  return {
    ...answer,
    deliveries: answer.deliveries.map(({ services, ...delivery }) => ({
      ...delivery,
      serviceLines: services,
    })),
  };
}

/** «Доставки на день» over api/admin-deliveries.ts; the answers are the day as the server sees it. */
export class AdminDeliveriesHttpAdapter implements AdminDeliveriesPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async day(day: string, options: CallOptions = {}): Promise<AdminDeliveryDayView> {
    return dayOf(await this.api.call(Admin.getAdminDeliveryDay, { ...options, query: { day } }));
  }

  async setCapacity(
    day: string,
    capacity: number | null,
    expected: number | null,
    options: CallOptions = {},
  ): Promise<AdminDeliveryDayView> {
    return dayOf(
      await this.api.call(Admin.setAdminDeliveryCapacity, { ...options, body: { day, capacity, expected } }),
    );
  }

  async setDefaultCapacity(
    day: string,
    capacity: number,
    expected: number,
    options: CallOptions = {},
  ): Promise<AdminDeliveryDayView> {
    return dayOf(
      await this.api.call(Admin.setAdminDefaultCapacity, {
        ...options,
        body: { day, defaultCapacity: capacity, expected },
      }),
    );
  }

  async moveSlot(
    orderId: number,
    target: { readonly day: string; readonly windowId: number },
    expected: SlotRef,
    options: CallOptions = {},
  ): Promise<AdminDeliveryDayView> {
    return dayOf(
      await this.api.call(Admin.moveAdminOrderSlot, {
        ...options,
        params: { id: orderId },
        body: { day: target.day, windowId: target.windowId, expected },
      }),
    );
  }
}
