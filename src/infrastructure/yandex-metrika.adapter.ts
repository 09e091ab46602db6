import type { AnalyticsPort } from '../application/ports/analytics.port';
import type { KeyValueStoragePort } from '../application/ports/key-value-storage.port';
import type { LoggerPort } from '../application/ports/logger.port';
import { COOKIE_CHOICE_SLOT } from '../application/ports/storage-slots';
import type { AnalyticsProduct, CookieChoice, EcommerceEvent } from '../domain/analytics';
import { ecommerceEvent } from '../domain/analytics';

/** Yandex's tag, loaded as its own snippet loads it (yandex.ru/support/metrica/code/counter-initialize). */
const METRIKA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

/** `ym` before the tag arrives: it queues its calls in `ym.a`, which the tag replays (Yandex's snippet). */
type YmQueue = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

interface MetrikaGlobals {
  ym?: YmQueue;
  dataLayer?: unknown[];
}

/** The counter the server names (GET /api/analytics-settings), or null when none is configured. */
export type CounterSettings = (signal?: AbortSignal) => Promise<number | null>;

/**
 * The settings call over the page's fetch, checked like the contract's AnalyticsSettings (api/analytics.ts)
 * without pulling the contract's schemas into the first chunk: anything else reads as «no counter».
 */
export function fetchCounterSettings(fetchApi: typeof fetch, url: string): CounterSettings {
  return async (signal) => {
    const response = await fetchApi(url, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
    if (!response.ok) return null;
    const body = (await response.json()) as { metrika?: { counterId?: unknown } | null };
    const id = body?.metrika?.counterId;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
  };
}

/**
 * Yandex Metrica with e-commerce (issue 26, item 4; docs/privacy.md «Яндекс Метрика»). Nothing of
 * Yandex's is loaded, and nothing is pushed, until the visitor chose «Принять» in the cookie notice and
 * the server named a counter: then the tag is added, `ym(id, 'init', { ecommerce: 'dataLayer', … })`
 * runs, and every action goes into `window.dataLayer` as Yandex documents it (src/domain/analytics.ts).
 * Actions before the choice are dropped, not kept for later: the visitor did not allow them. Actions
 * after it wait for the settings in the order they happened.
 */
export class YandexMetrikaAdapter implements AnalyticsPort {
  private counter: Promise<number | null> | null = null;
  private started = false;
  /** Pushes go out one after another, in the order the shop reported them. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly browser: Window,
    private readonly storage: KeyValueStoragePort,
    private readonly settings: CounterSettings,
    private readonly logger: LoggerPort,
  ) {}

  async needsChoice(options: { readonly signal?: AbortSignal } = {}): Promise<boolean> {
    const choice = this.storage.read(COOKIE_CHOICE_SLOT);
    if (choice === 'all') {
      this.enqueue(null);
      return false;
    }
    if (choice === 'necessary') return false;
    return (await this.counterId(options.signal)) !== null;
  }

  choose(choice: CookieChoice): void {
    this.storage.write(COOKIE_CHOICE_SLOT, choice);
    if (choice === 'all') this.enqueue(null);
  }

  productViewed(product: AnalyticsProduct): void {
    this.enqueue(ecommerceEvent('detail', [product]));
  }

  addedToCart(products: readonly AnalyticsProduct[]): void {
    if (products.length > 0) this.enqueue(ecommerceEvent('add', products));
  }

  removedFromCart(products: readonly AnalyticsProduct[]): void {
    if (products.length > 0) this.enqueue(ecommerceEvent('remove', products));
  }

  purchased(orderId: number, products: readonly AnalyticsProduct[]): void {
    this.enqueue(ecommerceEvent('purchase', products, orderId));
  }

  private counterId(signal?: AbortSignal): Promise<number | null> {
    if (this.counter === null) {
      this.counter = this.settings(signal).catch((error: unknown) => {
        // Asked again next time: a page that went offline for a moment may still count later.
        this.counter = null;
        this.logger.warn('Analytics settings were not read', error);
        return null;
      });
    }
    return this.counter;
  }

  /** Starts the counter if allowed and pushes `event` (null: only start), after what came before. */
  private enqueue(event: EcommerceEvent | null): void {
    if (this.storage.read(COOKIE_CHOICE_SLOT) !== 'all') return;
    this.queue = this.queue
      .then(async () => {
        const id = await this.counterId();
        if (id === null) return;
        const globals = this.browser as unknown as MetrikaGlobals;
        globals.dataLayer ??= [];
        this.start(id, globals);
        if (event !== null) globals.dataLayer.push(event);
      })
      .catch((error: unknown) => this.logger.warn('Analytics event was not sent', error));
  }

  private start(id: number, globals: MetrikaGlobals): void {
    if (this.started) return;
    this.started = true;
    if (globals.ym === undefined) {
      const queued: YmQueue = (...args: unknown[]) => {
        queued.a ??= [];
        queued.a.push(args);
      };
      queued.l = Date.now();
      globals.ym = queued;
    }
    const document = this.browser.document;
    const script = document.createElement('script');
    script.async = true;
    script.src = METRIKA_TAG_URL;
    document.head.append(script);
    globals.ym(id, 'init', {
      ecommerce: 'dataLayer',
      clickmap: true,
      trackLinks: true,
      accurateTrackBounce: true,
    });
  }
}

/** No counter (the server renderer, tests without a browser): every call does nothing. */
export class NoAnalytics implements AnalyticsPort {
  async needsChoice(): Promise<boolean> {
    return false;
  }
  choose(): void {}
  productViewed(): void {}
  addedToCart(): void {}
  removedFromCart(): void {}
  purchased(): void {}
}
