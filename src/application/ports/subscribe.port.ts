import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Newsletter subscription (spec §4 "Subscribe", §7 POST /api/subscribe). A signed-in visitor
 * subscribing another e-mail is rejected with `bad-request`, status 403 and the server's Russian
 * `serverMessage`; the machine shows it (or the spec's default) in its `forbidden` state.
 */
type SubscribeStatus = 'created' | 'already_subscribed' | 'already_exists';

export interface SubscribeAnswer {
  readonly status: SubscribeStatus;
  /** The promo code, or null when the server gave none (the machine falls back to HOME10). */
  readonly promoCode: string | null;
}

export interface SubscribePort {
  subscribe(email: string, options?: CallOptions): Promise<SubscribeAnswer>;
}

export const SUBSCRIBE_PORT: PortToken<SubscribePort> = portToken<SubscribePort>('SubscribePort');
