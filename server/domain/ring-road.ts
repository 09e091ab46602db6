/**
 * Inside or outside Saint Petersburg's ring road (КАД, A-118) from coordinates, and how far beyond it
 * (issue 23, item 4; docs/delivery-dates.md «Address with a zone»). Pure and total.
 *
 * The outline: 34 points along the road, clockwise from the northern end of the flood barrier at
 * Горская, through its interchanges (Выборгское шоссе, пр. Энгельса, Мурино, Дорога жизни,
 * Мурманское шоссе, the Большой Обуховский bridge, Московское, Пулковское, Таллинское and
 * Петергофское шоссе, Бронка) and back over the barrier and Kotlin island. The points are the
 * interchanges' approximate positions rounded to 0.005° (about 500 m), typed by hand after the public
 * map of the road (OpenStreetMap, «Кольцевая автомобильная дорога вокруг Санкт-Петербурга»), not an
 * export of it: the line is good to about 2 km. An address that close to the road is settled by
 * DaData's own `beltway_hit` when it answers one, or by the manager; replacing RING_ROAD with an
 * export of the OpenStreetMap relation changes nothing else.
 */
import { type AddressZone, MAX_KM_BEYOND } from '../../shared-rules/delivery-service-rule';

/** The zone an address tells: the zone and whole km beyond the ring road (0 unless outside it). */
export interface ZoneOfAddress {
  readonly zone: AddressZone;
  readonly kmBeyondKad: number;
}

const INSIDE: ZoneOfAddress = { zone: 'inside_kad', kmBeyondKad: 0 };
const ANOTHER_REGION: ZoneOfAddress = { zone: 'region', kmBeyondKad: 0 };

export interface GeoPoint {
  readonly lat: number;
  readonly lon: number;
}

/** [lat, lon] clockwise. */
export const RING_ROAD: readonly (readonly [number, number])[] = [
  [60.035, 29.96], // Горская, the barrier's northern end
  [60.04, 30.03],
  [60.05, 30.1], // Каменка
  [60.06, 30.17], // Шуваловский проспект
  [60.07, 30.24],
  [60.08, 30.3], // Выборгское шоссе
  [60.08, 30.36], // проспект Энгельса
  [60.07, 30.42], // Мурино
  [60.055, 30.47], // Токсовское направление
  [60.03, 30.52],
  [60.0, 30.55], // Дорога жизни
  [59.965, 30.555], // Колтушское шоссе
  [59.93, 30.53],
  [59.9, 30.505], // Мурманское шоссе
  [59.88, 30.48], // Большой Обуховский мост
  [59.86, 30.47],
  [59.84, 30.45], // Софийская улица
  [59.815, 30.42], // Шушары
  [59.805, 30.38], // Московское шоссе
  [59.8, 30.33], // Пулковское шоссе
  [59.805, 30.27],
  [59.815, 30.2], // Красносельское шоссе
  [59.82, 30.15], // Таллинское шоссе
  [59.835, 30.1], // Петергофское шоссе
  [59.86, 30.02],
  [59.88, 29.93],
  [59.905, 29.85],
  [59.93, 29.78],
  [59.95, 29.72], // Бронка, the barrier's southern end
  [59.985, 29.7],
  [60.005, 29.72], // Kotlin island
  [60.015, 29.79],
  [60.02, 29.85],
  [60.03, 29.91],
];

const KM_PER_DEGREE_LAT = 111.2;

/** An equirectangular plane around the city (km): fine at 30 km scale, under 0.5 % off. */
function toPlane(lat: number, lon: number): readonly [number, number] {
  return [lon * KM_PER_DEGREE_LAT * Math.cos((59.94 * Math.PI) / 180), lat * KM_PER_DEGREE_LAT];
}

/** Ray casting: whether the point is inside the ring road's outline. */
export function insideRingRoad(point: GeoPoint): boolean {
  let inside = false;
  for (let i = 0, j = RING_ROAD.length - 1; i < RING_ROAD.length; j = i, i += 1) {
    const [latI, lonI] = RING_ROAD[i] ?? [0, 0];
    const [latJ, lonJ] = RING_ROAD[j] ?? [0, 0];
    const crosses =
      latI > point.lat !== latJ > point.lat &&
      point.lon < ((lonJ - lonI) * (point.lat - latI)) / (latJ - latI) + lonI;
    if (crosses) inside = !inside;
  }
  return inside;
}

/** The straight distance in km from the point to the ring road's outline. */
export function kmToRingRoad(point: GeoPoint): number {
  const [px, py] = toPlane(point.lat, point.lon);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = RING_ROAD.length - 1; i < RING_ROAD.length; j = i, i += 1) {
    const [ax, ay] = toPlane(...(RING_ROAD[j] ?? [0, 0]));
    const [bx, by] = toPlane(...(RING_ROAD[i] ?? [0, 0]));
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
    best = Math.min(best, Math.hypot(px - (ax + t * dx), py - (ay + t * dy)));
  }
  return best;
}

/** The regions a courier from Saint Petersburg serves (DaData's `region_with_type`). */
const COURIER_REGIONS = ['г санкт-петербург', 'ленинградская обл'];

const isCourierRegion = (region: string | null): boolean => {
  if (region === null) return true;
  const normalised = region
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[.\s]+/g, ' ')
    .trim();
  return COURIER_REGIONS.some((known) => normalised === known || normalised.includes(known));
};

const validPoint = (point: GeoPoint | null): point is GeoPoint =>
  point !== null &&
  Number.isFinite(point.lat) &&
  Number.isFinite(point.lon) &&
  Math.abs(point.lat) <= 90 &&
  Math.abs(point.lon) <= 180;

/**
 * The zone of an address: another region outside Saint Petersburg and its oblast; otherwise DaData's
 * own ring-road answer when it gave one, else the outline above. Null when nothing tells (no
 * coordinates): the shopper picks the zone by hand.
 */
export function zoneOfAddress(address: {
  readonly region: string | null;
  readonly point: GeoPoint | null;
  readonly beltwayHit: 'IN_KAD' | 'OUT_KAD' | null;
  readonly beltwayKm: number | null;
}): ZoneOfAddress | null {
  if (!isCourierRegion(address.region)) return ANOTHER_REGION;
  if (address.beltwayHit === 'IN_KAD') return INSIDE;
  const point = validPoint(address.point) ? address.point : null;
  if (address.beltwayHit === 'OUT_KAD') {
    const km =
      address.beltwayKm !== null && Number.isFinite(address.beltwayKm) && address.beltwayKm >= 0
        ? address.beltwayKm
        : point === null
          ? null
          : kmToRingRoad(point);
    if (km === null) return null;
    return outsideZone(km);
  }
  if (point === null) return null;
  return insideRingRoad(point) ? INSIDE : outsideZone(kmToRingRoad(point));
}

/** Whole km beyond the road, at least 1; beyond the courier's reach it is another region's carrier. */
function outsideZone(km: number): ZoneOfAddress {
  const whole = Math.max(1, Math.ceil(km));
  return whole > MAX_KM_BEYOND ? ANOTHER_REGION : { zone: 'outside_kad', kmBeyondKad: whole };
}
