import { describe, expect, it } from 'vitest';
import { clientIp, parseTrustedProxies, type TrustedProxies } from '../../../server/domain/client-ip';

function trustedProxies(raw: string | undefined): TrustedProxies {
  const result = parseTrustedProxies(raw);
  if (!result.ok) throw new Error(`invalid TRUST_PROXY entry ${result.entry}`);
  return result.trusted;
}

import { RangeTableGeoLocator } from '../../../server/infrastructure/geo/range-table-geo-locator';

describe('IP → city table', () => {
  const geo = new RangeTableGeoLocator([
    ['5.18.0.0', '5.19.255.255', 'Санкт-Петербург'],
    ['46.242.0.0', '46.242.63.255', 'Москва'],
    ['bad', '1.1.1.1', 'Нигде'],
  ]);

  it('finds the city of an address inside a range, inclusive of both ends', () => {
    expect(geo.cityForIp('5.18.0.0')).toBe('Санкт-Петербург');
    expect(geo.cityForIp('5.19.255.255')).toBe('Санкт-Петербург');
    expect(geo.cityForIp('::ffff:46.242.10.1')).toBe('Москва');
  });

  it('gives no city for loopback, private, unknown, IPv6 and malformed addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.5',
      '172.16.0.1',
      '8.8.8.8',
      '::1',
      '2a00::1',
      'x',
    ]) {
      expect(geo.cityForIp(ip)).toBeNull();
    }
  });
});

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For unless the peer is a trusted proxy', () => {
    expect(clientIp('5.18.1.1', '46.242.0.1', trustedProxies(undefined))).toBe('5.18.1.1');
    expect(clientIp('5.18.1.1', '46.242.0.1', trustedProxies('127.0.0.1'))).toBe('5.18.1.1');
  });

  it('takes the right-most untrusted hop behind a trusted proxy', () => {
    const trusted = trustedProxies('loopback, 10.0.0.2');
    expect(clientIp('127.0.0.1', '1.2.3.4, 46.242.0.1, 10.0.0.2', trusted)).toBe('46.242.0.1');
    expect(clientIp('::ffff:127.0.0.1', '46.242.0.1', trusted)).toBe('46.242.0.1');
    expect(clientIp('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
  });
});
