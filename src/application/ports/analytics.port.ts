import type { AnalyticsProduct, CookieChoice } from '../../domain/analytics';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Web analytics (issue 26, item 4): the shop's e-commerce actions for a counter, and the visitor's
 * cookie choice that allows it. The adapter (src/infrastructure/yandex-metrika.adapter.ts) loads Yandex
 * Metrica only when the server names a counter and the visitor chose «Принять»; otherwise every call
 * does nothing. Calls never throw and never wait: analytics must not slow or break a purchase.
 */
export interface AnalyticsPort {
  /** Whether the cookie notice should ask: a counter is configured and the visitor has not chosen. */
  needsChoice(options?: { readonly signal?: AbortSignal }): Promise<boolean>;
  /** Stores the choice; `all` starts the counter now. */
  choose(choice: CookieChoice): void;
  productViewed(product: AnalyticsProduct): void;
  addedToCart(products: readonly AnalyticsProduct[]): void;
  removedFromCart(products: readonly AnalyticsProduct[]): void;
  purchased(orderId: number, products: readonly AnalyticsProduct[]): void;
}

export const ANALYTICS_PORT: PortToken<AnalyticsPort> = portToken<AnalyticsPort>('AnalyticsPort');
