import { limitAddress, RATE_LIMITS } from '../domain/rate-limit';
import type { Caller } from './auth.service';
import type { RateDecision, RateLimiter } from './rate-limiter.port';

type Bucket = { readonly key: string; readonly rule: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS] };

/** Tokens an order attempt took, given back according to how the attempt ended. */
export interface OrderAttempt {
  readonly decision: RateDecision;
  readonly guestBuckets: readonly Bucket[];
  readonly promoBuckets: readonly Bucket[];
}

export type OrderOutcome = 'created' | 'replayed' | 'refused_before_account' | 'refused_after_account';

/** Russian texts of the 429 answers (shown to people as is). */
export const ABUSE_MESSAGES = {
  guest_orders: 'Слишком много заказов подряд с этого адреса или на этот email. Попробуйте позже.',
  promo_guesses: 'Слишком много попыток ввести промокод. Попробуйте позже.',
  account_creation: 'Слишком много новых обращений с этого адреса. Попробуйте позже.',
  quotes: 'Слишком много расчётов суммы заказа подряд. Попробуйте через минуту.',
} as const;

/**
 * Abuse limits of the calls that send mail, create accounts or test promo codes (issue 12, item 5;
 * numbers in RATE_LIMITS, server/domain/rate-limit.ts). Buckets live in the database, so the limits
 * hold across processes and restarts.
 */
export class AbuseLimits {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Before an order: a guest's checkout counts per address, per contact e-mail and as a possible new
   * account; a client's order to another person's e-mail counts per contact e-mail; any order with a
   * promo code counts as a promo attempt (per address and per client).
   */
  async beforeOrder(input: {
    readonly caller: Caller;
    readonly ip: string;
    readonly contactEmail: string;
    readonly promoCode: string | undefined;
  }): Promise<OrderAttempt & { readonly message: string }> {
    const address = limitAddress(input.ip);
    const mailbox = { key: `order:guest-email:${input.contactEmail}`, rule: RATE_LIMITS.guestOrderEmail };
    const guestBuckets: Bucket[] =
      input.caller.kind === 'anonymous'
        ? [
            { key: `order:guest-ip:${address}`, rule: RATE_LIMITS.guestOrderIp },
            mailbox,
            { key: `account:ip:${address}`, rule: RATE_LIMITS.accountCreationIp },
          ]
        : // A signed-in client giving someone else's e-mail as the contact mails that person: the
          // same per-mailbox budget as a guest.
          input.caller.kind === 'client' && input.caller.email !== input.contactEmail
          ? [mailbox]
          : [];
    const promoBuckets: Bucket[] =
      input.promoCode !== undefined && input.promoCode.trim() !== ''
        ? [
            { key: `promo:ip:${address}`, rule: RATE_LIMITS.promoIp },
            ...(input.caller.kind === 'client'
              ? [{ key: `promo:client:${input.caller.clientId}`, rule: RATE_LIMITS.promoClient }]
              : []),
          ]
        : [];
    const promoDecision = await this.limiter.take(promoBuckets);
    if (!promoDecision.allowed) {
      return {
        decision: promoDecision,
        guestBuckets: [],
        promoBuckets: [],
        message: ABUSE_MESSAGES.promo_guesses,
      };
    }
    const guestDecision = await this.limiter.take(guestBuckets);
    if (!guestDecision.allowed) {
      await this.limiter.refund(promoBuckets);
      return {
        decision: guestDecision,
        guestBuckets: [],
        promoBuckets: [],
        message: ABUSE_MESSAGES.guest_orders,
      };
    }
    return { decision: { allowed: true }, guestBuckets, promoBuckets, message: '' };
  }

  /**
   * After the order: a placed order gives its promo tokens back (the code was real); a replay or a
   * refusal before any account or mail existed gives the guest tokens back (fixing a form mistake is
   * free). A refusal after the account was created keeps them.
   */
  async afterOrder(attempt: OrderAttempt, outcome: OrderOutcome): Promise<void> {
    if (outcome === 'created' || outcome === 'replayed') await this.limiter.refund(attempt.promoBuckets);
    if (outcome === 'replayed' || outcome === 'refused_before_account')
      await this.limiter.refund(attempt.guestBuckets);
  }

  /**
   * Before a checkout quote: one token per address (RATE_LIMITS.quoteIp); a quote carrying a promo
   * code also takes the promo-guess tokens, given back by `afterQuote` unless the code did not exist.
   */
  async beforeQuote(input: {
    readonly caller: Caller;
    readonly ip: string;
    readonly promoCode: string | undefined;
  }): Promise<{
    readonly decision: RateDecision;
    readonly promoBuckets: readonly Bucket[];
    readonly message: string;
  }> {
    const address = limitAddress(input.ip);
    const quoteDecision = await this.limiter.take([
      { key: `quote:ip:${address}`, rule: RATE_LIMITS.quoteIp },
    ]);
    if (!quoteDecision.allowed)
      return { decision: quoteDecision, promoBuckets: [], message: ABUSE_MESSAGES.quotes };
    const promoBuckets: Bucket[] =
      input.promoCode !== undefined && input.promoCode.trim() !== ''
        ? [
            { key: `promo:ip:${address}`, rule: RATE_LIMITS.promoIp },
            ...(input.caller.kind === 'client'
              ? [{ key: `promo:client:${input.caller.clientId}`, rule: RATE_LIMITS.promoClient }]
              : []),
          ]
        : [];
    const promoDecision = await this.limiter.take(promoBuckets);
    if (!promoDecision.allowed)
      return { decision: promoDecision, promoBuckets: [], message: ABUSE_MESSAGES.promo_guesses };
    return { decision: { allowed: true }, promoBuckets, message: '' };
  }

  /** After a quote: a code that exists (applied or refused for its rules) was no guess. */
  async afterQuote(promoBuckets: readonly Bucket[], codeExisted: boolean): Promise<void> {
    if (codeExisted) await this.limiter.refund(promoBuckets);
  }

  /** An anonymous call that may create an account (a request with an e-mail, a subscription). */
  accountCreation(caller: Caller, ip: string): Promise<RateDecision> {
    if (caller.kind !== 'anonymous') return Promise.resolve({ allowed: true });
    return this.limiter.take([
      { key: `account:ip:${limitAddress(ip)}`, rule: RATE_LIMITS.accountCreationIp },
    ]);
  }
}
