import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Static pages (spec §2 "/pages/{slug}": contacts, delivery, payment, privacy, …). */
export interface StaticPage {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly meta_description: string;
  readonly body_html: string;
  readonly updated_at: string;
}

export interface PagesPort {
  /** An unknown slug rejects with `bad-request` (404); the route shows the not-found page. */
  bySlug(slug: string, options?: CallOptions): Promise<StaticPage>;
}

export const PAGES_PORT: PortToken<PagesPort> = portToken<PagesPort>('PagesPort');
