import type { NavigationPort } from '../application/ports/navigation.port';

/** What the router gives (TanStack Router's `router.navigate` fits through a small wrapper). */
export type NavigateCallback = (to: string, options: { readonly replace: boolean }) => void;

/** The part of `window.location` used; tests pass a recording fake. */
export interface PageLocation {
  assign(url: string): void;
  replace(url: string): void;
  reload(): void;
}

/**
 * Navigation for machines and use cases. The container is built before the router exists
 * (src/main.tsx), so the router's navigate is attached later with `attachRouter`; until then a
 * navigation is a full page load, which is always correct, only slower.
 */
export class BrowserNavigationAdapter implements NavigationPort {
  private readonly location: PageLocation | null;
  private navigateWithRouter: NavigateCallback | null = null;

  constructor(location: PageLocation | null) {
    this.location = location;
  }

  attachRouter(navigate: NavigateCallback): void {
    this.navigateWithRouter = navigate;
  }

  navigate(to: string, options: { readonly replace?: boolean } = {}): void {
    const replace = options.replace === true;
    if (this.navigateWithRouter !== null) {
      this.navigateWithRouter(to, { replace });
      return;
    }
    if (replace) this.location?.replace(to);
    else this.location?.assign(to);
  }

  reload(): void {
    this.location?.reload();
  }
}
