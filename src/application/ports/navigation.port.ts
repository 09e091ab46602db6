import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Leaving the current screen from outside a view: the subscribe flow sends the visitor to /login
 * (spec §4), the city selector saves and reloads the page.
 */
export interface NavigationPort {
  /** A path inside the shop, with its query string (e.g. '/login?email=a%40b.ru&showMsg=1'). */
  navigate(to: string, options?: { readonly replace?: boolean }): void;
  reload(): void;
}

export const NAVIGATION_PORT: PortToken<NavigationPort> = portToken<NavigationPort>('NavigationPort');
