import { describe, expect, it } from 'vitest';
import { ITEM_CLASSES } from '../../shared-rules/item-class-rule';
import type { DeliveryTariffs } from '../../src/application/ports/admin-tariffs.port';
import { isPortFailure } from '../../src/application/ports/port-failure';
import { AdminTariffsHttpAdapter } from '../../src/infrastructure/http/admin-tariffs.http-adapter';
import { HttpApiClient } from '../../src/infrastructure/http/api-client';
import { type FetchHandler, fakeFetch, json, TEST_BASE_URL } from './fake-fetch';

function setup(handler: FetchHandler) {
  const server = fakeFetch(handler);
  return {
    server,
    adapter: new AdminTariffsHttpAdapter(new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch })),
  };
}

const tariffs: DeliveryTariffs = {
  freeDeliveryFrom: 5_000_000,
  insideKad: 150_000,
  outsideKadBase: 150_000,
  outsideKadPerKm: 4_000,
  freightLiftPerItem: 30_000,
  dismantlingPerItem: 100_000,
  doorRemoval: 40_000,
  oldFurnitureRemovalPerItem: 150_000,
  classes: Object.fromEntries(
    ITEM_CLASSES.map((id) => [
      id,
      { carryPerFloor: 20_000, carryPassengerLift: null, assembly: { kind: 'percent', percent: 10 } },
    ]),
  ) as DeliveryTariffs['classes'],
};

describe('AdminTariffsHttpAdapter', () => {
  it('loads the one tariffs document with its version and saves the whole document over that version', async () => {
    const { adapter, server } = setup((request) =>
      request.method === 'PUT'
        ? json({
            version: 4,
            savedAt: '2026-11-27T16:00:00.000Z',
            tariffs: { ...tariffs, doorRemoval: 50_000 },
          })
        : json({ version: 3, savedAt: null, tariffs }),
    );
    const loaded = await adapter.load();
    expect(loaded).toEqual({ id: 'current', version: '3', draft: tariffs, meta: { savedAt: null } });
    const saved = await adapter.save(3, { ...loaded.draft, doorRemoval: 50_000 });
    expect(saved.version).toBe('4');
    expect(saved.draft.doorRemoval).toBe(50_000);
    expect(saved.meta.savedAt).toBe('2026-11-27T16:00:00.000Z');
    expect(server.requests[1]?.method).toBe('PUT');
    expect(JSON.parse(String(server.requests[1]?.body))).toEqual({
      version: 3,
      tariffs: { ...tariffs, doorRemoval: 50_000 },
    });
  });

  it('a stale save (409) and an invalid one (422) arrive with the server’s Russian messages', async () => {
    let puts = 0;
    const { adapter } = setup(() => {
      puts += 1;
      return puts === 1
        ? json({ error: 'conflict', message: 'Тарифы уже изменил другой сотрудник.' }, 409)
        : json({ error: 'invalid_tariffs', message: 'Снятие дверей: укажите цену в целых рублях.' }, 422);
    });
    const stale = await adapter.save(1, tariffs).catch((error: unknown) => error);
    expect(isPortFailure(stale) && [stale.status, stale.serverMessage]).toEqual([
      409,
      'Тарифы уже изменил другой сотрудник.',
    ]);
    const invalid = await adapter.save(1, tariffs).catch((error: unknown) => error);
    expect(isPortFailure(invalid) && [invalid.status, invalid.serverMessage]).toEqual([
      422,
      'Снятие дверей: укажите цену в целых рублях.',
    ]);
  });
});
