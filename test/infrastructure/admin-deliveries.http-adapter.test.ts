import { describe, expect, it } from 'vitest';
import type { AdminDeliveryDayView } from '../../src/application/ports/admin-deliveries.port';
import { isPortFailure } from '../../src/application/ports/port-failure';
import { AdminDeliveriesHttpAdapter } from '../../src/infrastructure/http/admin-deliveries.http-adapter';
import { HttpApiClient } from '../../src/infrastructure/http/api-client';
import { type FetchHandler, fakeFetch, json, TEST_BASE_URL } from './fake-fetch';

function setup(handler: FetchHandler) {
  const server = fakeFetch(handler);
  return {
    server,
    adapter: new AdminDeliveriesHttpAdapter(
      new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch }),
    ),
  };
}

const DAY: AdminDeliveryDayView = {
  day: '2026-12-04',
  label: 'пятница, 4 декабря',
  workingDay: true,
  capacity: 8,
  override: null,
  defaultCapacity: 8,
  booked: 1,
  deliveries: [
    {
      orderId: 7,
      status: 'confirmed',
      contactName: 'Анна',
      contactPhone: '+7 921 555-12-34',
      address: 'Санкт-Петербург, Невский пр-т 28',
      windowId: 1,
      windowLabel: 'Весь день, 10:00–22:00',
      windowPrice: 0,
      zone: 'outside_kad',
      kmBeyondKad: 12,
      items: [{ name: 'Диван «Осло»', quantity: 1 }],
      serviceLines: [{ label: 'Доставка', amount: 198_000 }],
    },
  ],
  windows: [{ id: 1, label: 'Весь день, 10:00–22:00', price: 0 }],
};

describe('AdminDeliveriesHttpAdapter', () => {
  it('reads a day, saves its capacity and the default over what the screen showed, moves a slot', async () => {
    // On the wire a delivery's lines are its `services`; the port calls them `serviceLines`.
    const wire = {
      ...DAY,
      deliveries: DAY.deliveries.map(({ serviceLines, ...delivery }) => ({
        ...delivery,
        services: serviceLines,
      })),
    };
    const { adapter, server } = setup(() => json(wire));
    expect(await adapter.day('2026-12-04')).toEqual(DAY);
    await adapter.setCapacity('2026-12-04', 3, null);
    await adapter.setDefaultCapacity('2026-12-04', 10, 8);
    await adapter.moveSlot(7, { day: '2026-12-04', windowId: 1 }, { day: '2026-12-03', windowId: 2 });
    const sent = server.requests.map((request) => [
      request.method,
      new URL(request.url).pathname + new URL(request.url).search,
      request.body === undefined || request.body === null ? null : JSON.parse(String(request.body)),
    ]);
    expect(sent).toEqual([
      ['GET', '/api/admin/deliveries?day=2026-12-04', null],
      ['PUT', '/api/admin/deliveries/capacity', { day: '2026-12-04', capacity: 3, expected: null }],
      [
        'PUT',
        '/api/admin/deliveries/default-capacity',
        { day: '2026-12-04', defaultCapacity: 10, expected: 8 },
      ],
      [
        'POST',
        '/api/admin/orders/7/delivery-slot',
        { day: '2026-12-04', windowId: 1, expected: { day: '2026-12-03', windowId: 2 } },
      ],
    ]);
  });

  it('a stale capacity save (409) arrives with the server’s Russian message', async () => {
    const { adapter } = setup(() =>
      json({ error: 'capacity_changed', message: 'Вместимость уже изменил другой сотрудник.' }, 409),
    );
    const stale = await adapter.setCapacity('2026-12-04', 3, null).catch((error: unknown) => error);
    expect(isPortFailure(stale) && [stale.status, stale.code, stale.serverMessage]).toEqual([
      409,
      'capacity_changed',
      'Вместимость уже изменил другой сотрудник.',
    ]);
  });
});
