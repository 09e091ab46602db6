import { readFileSync } from 'node:fs';
import type { GeoLocator } from '../../application/geo.port';
import { ipv4ToNumber, isNonPublicIpv4, normaliseIp } from '../../domain/client-ip';
import { IP_CITY_RANGES } from './ip-city-ranges';

interface Range {
  readonly first: number;
  readonly last: number;
  readonly city: string;
}

/**
 * IP → city by binary search over sorted, non-overlapping IPv4 ranges. IPv6, loopback, private and
 * unknown addresses give null (spec §8: the city stays empty).
 */
export class RangeTableGeoLocator implements GeoLocator {
  private readonly ranges: readonly Range[];

  constructor(rows: readonly (readonly [string, string, string])[]) {
    const ranges: Range[] = [];
    for (const [firstText, lastText, city] of rows) {
      const first = ipv4ToNumber(firstText);
      const last = ipv4ToNumber(lastText);
      if (first === null || last === null || last < first || city.trim() === '') continue;
      ranges.push({ first, last, city: city.trim() });
    }
    ranges.sort((a, b) => a.first - b.first);
    this.ranges = ranges;
  }

  cityForIp(ip: string): string | null {
    const value = ipv4ToNumber(normaliseIp(ip));
    if (value === null || isNonPublicIpv4(value)) return null;
    let low = 0;
    let high = this.ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = this.ranges[middle];
      if (range === undefined) return null;
      if (value < range.first) high = middle - 1;
      else if (value > range.last) low = middle + 1;
      else return range.city;
    }
    return null;
  }
}

/** The shipped table, or a CSV file (`first,last,city` per line; # comments) when one is configured. */
export function loadGeoLocator(csvFile: string | undefined): RangeTableGeoLocator {
  if (csvFile === undefined || csvFile.trim() === '') return new RangeTableGeoLocator(IP_CITY_RANGES);
  const rows: [string, string, string][] = [];
  for (const line of readFileSync(csvFile, 'utf8').split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [first, last, ...cityParts] = line.split(',');
    if (first !== undefined && last !== undefined && cityParts.length > 0) {
      rows.push([first.trim(), last.trim(), cityParts.join(',').replace(/^"|"$/g, '')]);
    }
  }
  return new RangeTableGeoLocator(rows);
}
