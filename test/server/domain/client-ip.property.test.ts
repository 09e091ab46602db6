import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  clientIp,
  isTrustedProxy,
  parseTrustedProxies,
  type TrustedProxies,
} from '../../../server/domain/client-ip';

/** TRUST_PROXY as readConfig parses it; a test input is always valid. */
function trusted(raw: string): TrustedProxies {
  const result = parseTrustedProxies(raw);
  if (!result.ok) throw new Error(`invalid TRUST_PROXY entry ${result.entry}`);
  return result.trusted;
}

const octets = fc.tuple(
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
);
const ipv4 = (parts: readonly number[]): string => parts.join('.');
const asNumber = (parts: readonly number[]): number => parts.reduce((value, octet) => value * 256 + octet, 0);
const fromNumber = (value: number): string =>
  [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

const groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
const fullIpv6 = (parts: readonly number[]): string => parts.map((group) => group.toString(16)).join(':');
/** The same address with its longest run of zero groups written as `::` (RFC 5952 style). */
function compressedIpv6(parts: readonly number[]): string {
  let best = { start: -1, length: 0 };
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && parts[start + length] === 0) length += 1;
    if (length > best.length) best = { start, length };
  }
  if (best.length < 2) return fullIpv6(parts);
  const head = parts.slice(0, best.start).map((group) => group.toString(16));
  const tail = parts.slice(best.start + best.length).map((group) => group.toString(16));
  return `${head.join(':')}::${tail.join(':')}`;
}

describe('TRUST_PROXY ranges', () => {
  test.prop([octets, fc.integer({ min: 0, max: 32 })])(
    'an IPv4 range holds exactly the addresses that share its first bits',
    (parts, bits) => {
      const range = trusted(`${ipv4(parts)}/${bits}`);
      expect(isTrustedProxy(range, ipv4(parts))).toBe(true);
      if (bits > 0) {
        // Flipping the last bit of the prefix leaves the range; flipping a bit after it does not.
        const value = asNumber(parts);
        const insideBit = 2 ** (32 - bits);
        const flipped = Math.floor(value / insideBit) % 2 === 0 ? value + insideBit : value - insideBit;
        expect(isTrustedProxy(range, fromNumber(flipped))).toBe(false);
      }
      if (bits < 32) {
        const value = asNumber(parts);
        const lastBit = value % 2 === 0 ? value + 1 : value - 1;
        expect(isTrustedProxy(range, fromNumber(lastBit))).toBe(true);
      }
      // The IPv4-mapped IPv6 form of an address (how Node reports a dual-stack peer) is the same address.
      expect(isTrustedProxy(range, `::ffff:${ipv4(parts)}`)).toBe(true);
    },
  );

  test.prop([groups, fc.integer({ min: 0, max: 128 })])(
    'an IPv6 range matches the address in full and in compressed notation',
    (parts, bits) => {
      const range = trusted(`${compressedIpv6(parts)}/${bits}`);
      expect(isTrustedProxy(range, fullIpv6(parts))).toBe(true);
      expect(isTrustedProxy(range, compressedIpv6(parts).toUpperCase())).toBe(true);
    },
  );

  it('knows the names proxy-addr knows and keeps IPv4 and IPv6 apart', () => {
    const local = trusted('loopback, uniquelocal, linklocal');
    for (const address of [
      '127.0.0.1',
      '127.8.9.1',
      '::1',
      '10.1.2.3',
      '172.31.0.1',
      '192.168.1.1',
      'fd12::1',
      'fe80::1',
      '169.254.3.3',
    ]) {
      expect(isTrustedProxy(local, address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '2001:db8::1', '::2', 'proxy', '']) {
      expect(isTrustedProxy(local, address), address).toBe(false);
    }
    expect(isTrustedProxy(trusted('0.0.0.0/0'), '::1')).toBe(false);
  });

  it("reads '1' and 'true' as loopback, and empty or 'false' as no proxy", () => {
    expect(trusted('1')).toEqual(trusted('loopback'));
    expect(trusted('true')).toEqual(trusted('loopback'));
    for (const none of ['', ' ', 'false', '0']) expect(trusted(none)).toEqual({ kind: 'none' });
  });

  it('names the entry it cannot read', () => {
    for (const [raw, entry] of [
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['loopback, proxy.local', 'proxy.local'],
      ['10.0.0.256', '10.0.0.256'],
      ['1::2::3', '1::2::3'],
      ['10.0.0.0/8/8', '10.0.0.0/8/8'],
      ['fe80::/x', 'fe80::/x'],
    ] as const) {
      expect(parseTrustedProxies(raw)).toEqual({ ok: false, entry });
    }
  });
});

describe('the client address behind trusted proxies', () => {
  const proxies = trusted('10.0.0.0/8, fd00::/8');
  const publicHop = octets.filter((parts) => parts[0] !== 10).map((parts) => ipv4(parts));
  const proxyHop = octets.map((parts) => `10.${parts[1]}.${parts[2]}.${parts[3]}`);

  test.prop([
    fc.array(fc.oneof(publicHop, proxyHop), { maxLength: 6 }),
    publicHop,
    fc.array(proxyHop, { maxLength: 3 }),
  ])(
    'is the right-most hop that is not a trusted proxy, whatever the client put before it',
    (spoofed, visitor, chain) => {
      const header = [...spoofed, visitor, ...chain].join(', ');
      expect(clientIp('10.0.0.1', header, proxies)).toBe(visitor);
    },
  );

  test.prop([publicHop, fc.array(publicHop, { minLength: 1, maxLength: 4 })])(
    'ignores X-Forwarded-For from a peer that is not a trusted proxy',
    (peer, hops) => {
      expect(clientIp(peer, hops.join(', '), proxies)).toBe(peer);
      expect(clientIp(peer, hops.join(', '), { kind: 'none' })).toBe(peer);
    },
  );
});
