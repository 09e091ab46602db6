/**
 * Token-bucket arithmetic for rate limits (ASVS 5.0 6.1.1, 6.3.1, 2.4.1). A bucket holds up to
 * `capacity` tokens and regains `refillPerMinute` tokens a minute; each attempt takes one token.
 * Pure: the store passes the bucket it read and the time, and writes back what this returns.
 */
export interface BucketRule {
  readonly capacity: number;
  readonly refillPerMinute: number;
}

export interface BucketState {
  readonly tokens: number;
  readonly updatedAt: number;
}

export type TakeResult =
  | { readonly allowed: true; readonly state: BucketState }
  | { readonly allowed: false; readonly state: BucketState; readonly retryAfterSeconds: number };

export function refill(rule: BucketRule, state: BucketState | null, now: number): BucketState {
  if (state === null) return { tokens: rule.capacity, updatedAt: now };
  const elapsed = Math.max(0, now - state.updatedAt);
  const tokens = Math.min(rule.capacity, state.tokens + (elapsed * rule.refillPerMinute) / 60_000);
  return { tokens, updatedAt: Math.max(now, state.updatedAt) };
}

export function take(rule: BucketRule, state: BucketState | null, now: number): TakeResult {
  const current = refill(rule, state, now);
  if (current.tokens >= 1) {
    return { allowed: true, state: { tokens: current.tokens - 1, updatedAt: current.updatedAt } };
  }
  const missing = 1 - current.tokens;
  const retryAfterSeconds = Math.max(1, Math.ceil((missing * 60) / rule.refillPerMinute));
  return { allowed: false, state: current, retryAfterSeconds };
}

/**
 * Every abuse limit of the shop, in one place (docs/security.md, "Rate limits", lists them with the
 * tests that prove them). Token buckets: `capacity` attempts at once, `refillPerMinute` regained.
 * Logins are not here: they use the progressive failure delays of LOGIN_THROTTLE below.
 */
export const RATE_LIMITS = {
  /** Changing the password of a signed-in account (the current password is checked). */
  loginIpAccount: { capacity: 10, refillPerMinute: 1 },
  register: { capacity: 10, refillPerMinute: 10 / 60 },
  forgotPasswordIp: { capacity: 10, refillPerMinute: 10 / 60 },
  forgotPasswordAccount: { capacity: 3, refillPerMinute: 3 / 60 },
  subscribeIp: { capacity: 10, refillPerMinute: 10 / 60 },
  subscribeEmail: { capacity: 3, refillPerMinute: 3 / 60 },
  requestsIp: { capacity: 10, refillPerMinute: 20 / 60 },
  requestsEmail: { capacity: 5, refillPerMinute: 10 / 60 },
  /** Guest checkouts from one address (each may create an account and sends mail). */
  guestOrderIp: { capacity: 10, refillPerMinute: 10 / 60 },
  /** Guest checkouts to one contact e-mail from anywhere: a stranger's mailbox gets at most 3 an hour. */
  guestOrderEmail: { capacity: 3, refillPerMinute: 3 / 60 },
  /** Orders carrying a promo code that did not end in an order (guessing), per address … */
  promoIp: { capacity: 20, refillPerMinute: 20 / 60 },
  /** … and per signed-in client. */
  promoClient: { capacity: 20, refillPerMinute: 20 / 60 },
  /**
   * Every anonymous call that can create an account (register, guest order, request with an e-mail,
   * subscription) from one address, on top of each call's own bucket.
   */
  accountCreationIp: { capacity: 20, refillPerMinute: 20 / 60 },
  /** Opening a signed pay link or paying through it, per address (issue 22, item 5). */
  payLinkIp: { capacity: 30, refillPerMinute: 10 },
  /**
   * Checkout quotes per address (issue 22, item 9): the checkout re-quotes on every debounced change
   * of the cart, promo code or delivery, so the budget is generous; a quote with a code that does
   * not exist also counts as a promo guess (promoIp / promoClient).
   */
  quoteIp: { capacity: 60, refillPerMinute: 30 },
  /**
   * Address suggestions per address (issue 23): each call spends the shop's DaData quota, and the
   * field asks on every debounced keystroke; carrier quotes share the bucket.
   */
  addressSuggestIp: { capacity: 60, refillPerMinute: 30 },
} as const satisfies Record<string, BucketRule>;

/**
 * The "address" a per-address limit counts: an IPv4 address as is, an IPv6 address by its /64 network
 * (one subscriber usually holds a whole /64, so rotating addresses inside it must not buy new buckets).
 */
export function limitAddress(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::', 2);
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') && tail !== '' ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 and the like) takes two groups.
  const rightGroups =
    right.length > 0 && (right.at(-1) ?? '').includes('.') ? right.length + 1 : right.length;
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - rightGroups)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Failed logins (client and administrator forms alike), counted per key with progressive delays
 * (server/domain/login-throttle.ts). Why the owner is never locked out (6.1.1, 6.3.1): the keys that
 * block are the attacker's own — their address, their address + the account, or a known device + the
 * account — so a hundred failures from other addresses do not block the owner's. The per-account
 * count blocks nobody: past its allowance the account is "under attack" and a login from an unknown
 * device waits `unknownDeviceDelayMs` before the password is checked (a correct password still gets
 * in); a browser holding the signed device cookie of an earlier successful login skips that wait and
 * is counted on its own device key instead of its address.
 */
export const LOGIN_THROTTLE = {
  /** One address + one e-mail: 10 free failures (ASVS G3), then 1 min, 2 min, 4 min … 1 h. */
  addressAccount: { freeFailures: 10, baseDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterMs: 7_200_000 },
  /** The same while the account is under attack (see `account`): 3 free failures per address. */
  addressAccountUnderAttack: {
    freeFailures: 3,
    baseDelaySeconds: 60,
    maxDelaySeconds: 3600,
    forgetAfterMs: 7_200_000,
  },
  /** One address, any e-mail (password spraying): 50 free failures, then 1 min doubling to 1 h. */
  address: { freeFailures: 50, baseDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterMs: 7_200_000 },
  /** A known device + its e-mail: the owner's own typos, 10 free, then 1 min doubling to 1 h. */
  deviceAccount: { freeFailures: 10, baseDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterMs: 7_200_000 },
  /** One e-mail from everywhere: past 20 failures in 2 h the account is under attack (nobody blocked). */
  account: { freeFailures: 20, baseDelaySeconds: 3600, maxDelaySeconds: 3600, forgetAfterMs: 7_200_000 },
  /** The wait of an unknown device's login while its account is under attack. */
  unknownDeviceDelayMs: 1000,
  /** Lifetime of the device cookie set by a successful login. */
  deviceCookieDays: 180,
} as const;
