/**
 * The visitor's address for geo, rate limits and logs. X-Forwarded-For is believed only when the direct
 * peer is a proxy we trust (TRUST_PROXY, read once in infrastructure/config.ts and used by both Fastify
 * and the session hooks); then the right-most address that is not itself a trusted proxy is the client
 * (left-most entries are whatever the client chose to send).
 */
export type TrustedProxies =
  | { readonly kind: 'none' }
  | { readonly kind: 'ranges'; readonly ranges: readonly AddressRange[] };

/** An address block: `bits` leading bits of `base` (IPv4 in 32 bits, IPv6 in 128). */
interface AddressRange {
  readonly version: 4 | 6;
  readonly base: bigint;
  readonly bits: number;
}

export const NO_TRUSTED_PROXIES: TrustedProxies = { kind: 'none' };

/** The address blocks behind the names proxy-addr (Express, Fastify) also understands. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export type TrustedProxiesResult =
  | { readonly ok: true; readonly trusted: TrustedProxies }
  | { readonly ok: false; readonly entry: string };

/**
 * TRUST_PROXY: a comma-separated list of addresses (`10.0.0.2`), ranges in CIDR notation
 * (`10.0.0.0/8`, `fd00::/8`) and the names `loopback`, `linklocal`, `uniquelocal`. `1` and `true` mean
 * "the proxy is on this machine" (loopback), never every address; empty or `false` trusts none. An
 * entry that is none of these is returned, so the start stops with a message naming it.
 */
export function parseTrustedProxies(raw: string | undefined): TrustedProxiesResult {
  const text = raw?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return { ok: true, trusted: NO_TRUSTED_PROXIES };
  const entries = text === '1' || text === 'true' ? ['loopback'] : text.split(',');
  const ranges: AddressRange[] = [];
  for (const rawEntry of entries) {
    const entry = rawEntry.trim().toLowerCase();
    if (entry === '') continue;
    const named = NAMED_RANGES[entry];
    const parsed = (named ?? [entry]).map(parseRange);
    if (parsed.some((range) => range === null)) return { ok: false, entry: rawEntry.trim() };
    ranges.push(...(parsed as AddressRange[]));
  }
  return { ok: true, trusted: ranges.length === 0 ? NO_TRUSTED_PROXIES : { kind: 'ranges', ranges } };
}

/** `10.0.0.0/8`, `fd00::/8` or a single address (a block of one); null for anything else. */
function parseRange(text: string): AddressRange | null {
  const [address = '', bitsText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const parsed = parseAddress(normaliseIp(address));
  if (parsed === null) return null;
  const width = parsed.version === 4 ? 32 : 128;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (bits > width) return null;
  return { version: parsed.version, base: maskOf(parsed.value, bits, width), bits };
}

function maskOf(value: bigint, bits: number, width: number): bigint {
  const shift = BigInt(width - bits);
  return (value >> shift) << shift;
}

/** True when `address` lies in one of the trusted ranges. */
export function isTrustedProxy(trusted: TrustedProxies, address: string): boolean {
  if (trusted.kind === 'none') return false;
  const parsed = parseAddress(normaliseIp(address));
  if (parsed === null) return false;
  const width = parsed.version === 4 ? 32 : 128;
  return trusted.ranges.some(
    (range) => range.version === parsed.version && maskOf(parsed.value, range.bits, width) === range.base,
  );
}

/** An IPv4 or IPv6 address as a number (IPv6 zone ids are not addresses a proxy list names). */
function parseAddress(text: string): { readonly version: 4 | 6; readonly value: bigint } | null {
  const v4 = ipv4ToNumber(text);
  if (v4 !== null) return { version: 4, value: BigInt(v4) };
  return text.includes(':') ? parseIpv6(text) : null;
}

function parseIpv6(text: string): { readonly version: 6; readonly value: bigint } | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string | undefined): number[] | null => {
    if (part === undefined || part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i += 1) {
      const piece = pieces[i] ?? '';
      // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for the last two groups.
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4ToNumber(piece);
        if (v4 === null) return null;
        groups.push(Math.floor(v4 / 65_536), v4 % 65_536);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) groups.push(Number.parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(group);
  return { version: 6, value };
}

/** Strips the IPv4-mapped IPv6 prefix so `::ffff:10.0.0.1` and `10.0.0.1` compare equal. */
export function normaliseIp(ip: string): string {
  const lowered = ip.trim().toLowerCase();
  return lowered.startsWith('::ffff:') && lowered.includes('.') ? lowered.slice(7) : lowered;
}

export function clientIp(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const direct = normaliseIp(peer);
  if (!isTrustedProxy(trusted, direct) || forwardedFor === undefined) return direct;
  const hops = forwardedFor
    .split(',')
    .map((hop) => normaliseIp(hop))
    .filter((hop) => hop !== '');
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i];
    if (hop !== undefined && !isTrustedProxy(trusted, hop)) return hop;
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
