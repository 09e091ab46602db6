import { RATE_LIMITS } from '../domain/rate-limit';
import type { AuthService, Caller, EventLog } from './auth.service';
import { type ShopIdentity, subscriptionPromoMail } from './mail-templates';
import type { Mailer } from './mailer.port';
import type { RateLimiter } from './rate-limiter.port';
import type { SubscriptionsRepository } from './requests.port';

export type SubscribeOutcome =
  | {
      readonly ok: true;
      readonly status: 'created' | 'already_subscribed';
      readonly promoCode: string | null;
    }
  | { readonly ok: true; readonly status: 'already_exists' }
  | { readonly ok: false; readonly error: 'forbidden' }
  | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number };

export interface SubscribeDeps {
  readonly subscriptions: SubscriptionsRepository;
  readonly auth: AuthService;
  readonly limiter: RateLimiter;
  readonly mailer: Mailer;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
  /**
   * The newsletter promo code (one campaign code, not personal: revealing it reveals nothing); null
   * when the shop gives none (an empty shop without SUBSCRIBE_PROMO_CODE): subscribing still works.
   */
  readonly promoCode: string | null;
}

/**
 * Newsletter subscription (spec §4 Subscribe). What the answer reveals is what the spec needs:
 * `already_exists` (the e-mail has an account → log in) and `already_subscribed`; both are limited per
 * IP and per e-mail so they cannot be used to scan addresses quickly (docs/security.md).
 */
export class SubscribeService {
  constructor(private readonly deps: SubscribeDeps) {}

  async subscribe(caller: Caller, email: string, ip: string): Promise<SubscribeOutcome> {
    if (caller.kind !== 'anonymous' && caller.email !== email) return { ok: false, error: 'forbidden' };
    const decision = await this.deps.limiter.take([
      { key: `subscribe:ip:${ip}`, rule: RATE_LIMITS.subscribeIp },
      { key: `subscribe:email:${email}`, rule: RATE_LIMITS.subscribeEmail },
    ]);
    if (!decision.allowed)
      return { ok: false, error: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };

    const existing = await this.deps.subscriptions.find(email);
    if (existing !== null)
      return { ok: true, status: 'already_subscribed', promoCode: existing.promoCode || null };

    const code = this.deps.promoCode;
    if (caller.kind === 'client') {
      // A signed-in client subscribing their own address: subscribed now, code shown and e-mailed.
      if (
        (await this.deps.subscriptions.createIfAbsent(email, caller.clientId, code ?? '')) &&
        code !== null
      ) {
        await this.deps.subscriptions.addPromoNotice(caller.clientId, code);
        await this.deps.mailer.send(subscriptionPromoMail(this.deps.shop, email, code));
      }
      return { ok: true, status: 'already_subscribed', promoCode: code };
    }
    if (caller.kind === 'admin') return { ok: false, error: 'forbidden' };
    if ((await this.deps.auth.clientIdByEmail(email)) !== null) return { ok: true, status: 'already_exists' };

    const { user } = await this.deps.auth.findOrCreateClient(email, 'subscription');
    if (await this.deps.subscriptions.createIfAbsent(email, user.id, code ?? '')) {
      if (code !== null) {
        await this.deps.subscriptions.addPromoNotice(user.id, code);
        await this.deps.mailer.send(subscriptionPromoMail(this.deps.shop, email, code));
      }
      this.deps.log.info({ event: 'subscribed', clientId: user.id }, 'newsletter subscription');
    }
    return { ok: true, status: 'created', promoCode: code };
  }
}
