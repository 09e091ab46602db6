/**
 * The visitor's address for geo and rate limits. X-Forwarded-For is believed only when the direct
 * peer is a proxy we trust (TRUST_PROXY); then the right-most address that is not itself a trusted
 * proxy is the client (left-most entries are whatever the client chose to send).
 */
export type TrustedProxies =
  | { readonly kind: 'none' }
  | { readonly kind: 'list'; readonly addresses: ReadonlySet<string> };

export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  if (raw === undefined || raw.trim() === '' || raw.trim() === 'false') return { kind: 'none' };
  const addresses = raw
    .split(',')
    .map((entry) => normaliseIp(entry.trim()))
    .filter((entry) => entry !== '');
  const expanded = new Set<string>();
  for (const address of addresses) {
    if (address === 'loopback') {
      expanded.add('127.0.0.1');
      expanded.add('::1');
    } else expanded.add(address);
  }
  return { kind: 'list', addresses: expanded };
}

/** Strips the IPv4-mapped IPv6 prefix so `::ffff:10.0.0.1` and `10.0.0.1` compare equal. */
export function normaliseIp(ip: string): string {
  const lowered = ip.trim().toLowerCase();
  return lowered.startsWith('::ffff:') && lowered.includes('.') ? lowered.slice(7) : lowered;
}

export function clientIp(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const direct = normaliseIp(peer);
  if (trusted.kind === 'none' || !trusted.addresses.has(direct) || forwardedFor === undefined) return direct;
  const hops = forwardedFor
    .split(',')
    .map((hop) => normaliseIp(hop))
    .filter((hop) => hop !== '');
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i];
    if (hop !== undefined && !trusted.addresses.has(hop)) return hop;
  }
  return direct;
}

/** Parses a dotted IPv4 address to an unsigned 32-bit number; anything else is null. */
export function ipv4ToNumber(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/** Loopback, private and link-local addresses never have a city. */
export function isNonPublicIpv4(value: number): boolean {
  const first = Math.floor(value / 2 ** 24);
  const second = Math.floor(value / 2 ** 16) % 256;
  return (
    first === 0 ||
    first === 10 ||
    first === 127 ||
    (first === 169 && second === 254) ||
    (first === 172 && second >= 16 && second <= 31) ||
    (first === 192 && second === 168) ||
    first >= 224
  );
}
