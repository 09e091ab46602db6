import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { insideRingRoad, kmToRingRoad, RING_ROAD, zoneOfAddress } from '../../../server/domain/ring-road';

const SPB = 'г Санкт-Петербург';
const LO = 'Ленинградская обл';

describe('inside or outside КАД', () => {
  it('places well-known places on the right side', () => {
    expect(insideRingRoad({ lat: 59.9387, lon: 30.3162 })).toBe(true); // Дворцовая площадь
    expect(insideRingRoad({ lat: 59.9343, lon: 30.3351 })).toBe(true); // Невский проспект
    expect(insideRingRoad({ lat: 59.8517, lon: 30.3223 })).toBe(true); // Московская площадь
    expect(insideRingRoad({ lat: 60.0507, lon: 30.3339 })).toBe(true); // Озерки
    expect(insideRingRoad({ lat: 59.7239, lon: 30.4044 })).toBe(false); // Пушкин
    expect(insideRingRoad({ lat: 59.7502, lon: 30.5887 })).toBe(false); // Колпино
    expect(insideRingRoad({ lat: 60.0213, lon: 30.6378 })).toBe(false); // Всеволожск
    expect(insideRingRoad({ lat: 60.0932, lon: 29.9633 })).toBe(false); // Сестрорецк
    expect(kmToRingRoad({ lat: 59.7239, lon: 30.4044 })).toBeGreaterThan(5);
  });

  test.prop([fc.integer({ min: 0, max: RING_ROAD.length - 1 })])(
    'a point of the outline is on the road',
    (index) => {
      const [lat, lon] = RING_ROAD[index] ?? [0, 0];
      expect(kmToRingRoad({ lat, lon })).toBeLessThan(0.001);
    },
  );

  test.prop([
    fc.double({ min: 59.3, max: 60.6, noNaN: true }),
    fc.double({ min: 29.3, max: 31.2, noNaN: true }),
  ])(
    'a point outside is at least a kilometre out and farther points are never nearer in whole km',
    (lat, lon) => {
      const zone = zoneOfAddress({ region: SPB, point: { lat, lon }, beltwayHit: null, beltwayKm: null });
      expect(zone).not.toBeNull();
      if (zone?.zone === 'outside_kad') {
        expect(zone.kmBeyondKad).toBeGreaterThanOrEqual(1);
        expect(zone.kmBeyondKad).toBe(Math.max(1, Math.ceil(kmToRingRoad({ lat, lon }))));
      } else if (zone?.zone === 'inside_kad') {
        expect(insideRingRoad({ lat, lon })).toBe(true);
      }
    },
  );
});

describe('the zone of an address', () => {
  it("DaData's own ring-road answer wins over the outline", () => {
    const point = { lat: 59.9387, lon: 30.3162 };
    expect(zoneOfAddress({ region: SPB, point, beltwayHit: 'OUT_KAD', beltwayKm: 3.2 })).toEqual({
      zone: 'outside_kad',
      kmBeyondKad: 4,
    });
    expect(
      zoneOfAddress({ region: LO, point: { lat: 59.72, lon: 30.4 }, beltwayHit: 'IN_KAD', beltwayKm: null }),
    ).toEqual({ zone: 'inside_kad', kmBeyondKad: 0 });
  });

  it('another region goes to the carrier; no coordinates and no answer leave the choice to the shopper', () => {
    expect(
      zoneOfAddress({
        region: 'г Москва',
        point: { lat: 55.75, lon: 37.61 },
        beltwayHit: null,
        beltwayKm: null,
      }),
    ).toEqual({ zone: 'region', kmBeyondKad: 0 });
    expect(zoneOfAddress({ region: SPB, point: null, beltwayHit: null, beltwayKm: null })).toBeNull();
    expect(
      zoneOfAddress({ region: LO, point: { lat: 59.2, lon: 33.5 }, beltwayHit: null, beltwayKm: null }),
    ).toEqual({ zone: 'region', kmBeyondKad: 0 });
  });

  test.prop([
    fc.option(fc.string(), { nil: null }),
    fc.option(fc.record({ lat: fc.double(), lon: fc.double() }), { nil: null }),
    fc.constantFrom('IN_KAD' as const, 'OUT_KAD' as const, null),
    fc.option(fc.double(), { nil: null }),
  ])('is total: any input gives a zone or null, never throws', (region, point, beltwayHit, beltwayKm) => {
    const zone = zoneOfAddress({ region, point, beltwayHit, beltwayKm });
    if (zone?.zone === 'outside_kad')
      expect(Number.isInteger(zone.kmBeyondKad) && zone.kmBeyondKad >= 1).toBe(true);
  });
});
