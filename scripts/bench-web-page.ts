import type { Browser, CDPSession } from 'playwright-core';

/**
 * One cold page load under the slow-4G mobile profile of issue 6 ("M4G" in
 * /work/shared/research/performance.md §6), measured in the page itself (PerformanceObserver) and
 * through CDP (network transfer sizes). Used by scripts/bench-web.ts.
 */

/** Lighthouse's "Slow 4G" devtools throttling: RTT 150 ms × 3.75, 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up. */
export const NETWORK_PROFILE = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180 * 1024,
  uploadThroughput: 84 * 1024,
} as const;
export const CPU_SLOWDOWN = 4;
/** A mid-range Android phone (Moto G Power class, Lighthouse's mobile screen). */
export const DEVICE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
} as const;

/** After `load`: wait until this long has passed without a long task, a new LCP candidate or a layout shift. */
export const QUIET_WINDOW_MS = 5_000;
/** …but never longer than this after `load` (bounded run time). */
export const SETTLE_CAP_MS = 20_000;
const NAVIGATION_TIMEOUT_MS = 90_000;

export interface ScriptRequest {
  readonly url: string;
  /** Resource Timing, ms from navigation start. */
  readonly startTime: number;
  readonly responseEnd: number;
  /** CDP Network.loadingFinished encodedDataLength: bytes on the wire, headers included. */
  readonly transferBytes: number;
  /** Resource Timing initiatorType: 'script' for <script src> and dynamic import(), 'other' for modulepreload (Chromium 156). */
  readonly initiatorType: string;
}

export interface LoadMetrics {
  readonly url: string;
  /**
   * When the HTML had arrived (navigation responseEnd). Chromium's emulated latency is applied after
   * responseStart, so responseStart ("TTFB") says nothing under throttling.
   */
  readonly documentReceived: number;
  readonly fcp: number | null;
  readonly lcp: number | null;
  readonly lcpElement: string | null;
  readonly domContentLoaded: number;
  readonly load: number;
  /** Sum of (long task − 50 ms) between FCP and the end of the last long task before the quiet window. */
  readonly tbt: number;
  readonly longTasks: number;
  /** CWV CLS: the largest session window (≤ 1 s gap, ≤ 5 s long) of shifts without recent input. */
  readonly cls: number;
  /** Plain sum of every shift without recent input, for comparison. */
  readonly clsSum: number;
  /** Every counted shift with what moved (element, rect before → after), for whoever fixes it. */
  readonly shifts: readonly { start: number; value: number; sources: readonly string[] }[];
  readonly settledAfterLoadMs: number;
  readonly scripts: readonly ScriptRequest[];
  readonly totalTransferBytes: number;
  /** API calls (fetch) and the LCP image, with their timing: the chain behind LCP. */
  readonly dataAndLcpRequests: readonly {
    url: string;
    initiatorType: string;
    startTime: number;
    responseEnd: number;
  }[];
  readonly consoleErrors: readonly string[];
  /** When the app marked <html data-app="ready"> (it has taken over the page); null when it never did. */
  readonly ready: number | null;
}

interface PageProbe {
  fcp: number | null;
  lcp: number | null;
  lcpElement: string | null;
  longTasks: { start: number; duration: number }[];
  shifts: { start: number; value: number; sources: string[] }[];
  lastActivity: number;
  ready: number | null;
}

declare global {
  interface Window {
    __benchProbe?: PageProbe;
  }
}

/**
 * Runs in the page before any of its scripts (addInitScript) and keeps raw entries for the node side.
 * Plain JavaScript in a string: tsx would wrap a TypeScript function in `__name(…)` helpers that do not
 * exist in the page.
 */
const PROBE_SCRIPT = `(() => {
  const probe = { fcp: null, lcp: null, lcpElement: null, longTasks: [], shifts: [], lastActivity: 0, ready: null };
  window.__benchProbe = probe;
  // The app sets <html data-app="ready"> once it has taken over the page (src/main.tsx): from then on
  // a tap does what it says. The observer on the document sees the attribute whenever it is set.
  new MutationObserver(() => {
    if (probe.ready === null && document.documentElement && document.documentElement.dataset.app === 'ready') {
      probe.ready = performance.now();
    }
  }).observe(document, { attributes: true, attributeFilter: ['data-app'], subtree: true });
  function observe(type, handle) {
    try {
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) handle(entry); })
        .observe({ type, buffered: true });
    } catch (error) {
      // entry type unsupported: the metric stays empty and the report shows null
    }
  }
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') probe.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    probe.lcp = entry.startTime;
    probe.lastActivity = performance.now();
    const element = entry.element;
    const url = entry.url || '';
    probe.lcpElement = element
      ? element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') +
        (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '') +
        (url ? ' ' + url : '')
      : url || null;
  });
  observe('longtask', (entry) => {
    probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    probe.lastActivity = performance.now();
  });
  observe('layout-shift', (entry) => {
    if (entry.hadRecentInput) return;
    const sources = (entry.sources || []).map((source) => {
      const node = source.node;
      if (!node || node.nodeType !== 1) return node ? node.nodeName.toLowerCase() : '(removed)';
      const name = node.tagName.toLowerCase();
      const className = typeof node.className === 'string' ? node.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
      return name + (className ? '.' + className : '') + ' ' + JSON.stringify(source.previousRect) + '→' + JSON.stringify(source.currentRect);
    });
    probe.shifts.push({ start: entry.startTime, value: entry.value, sources });
    probe.lastActivity = performance.now();
  });
})();`;

/** Lighthouse's TBT: each long task's part after FCP, minus 50 ms, summed. */
export function totalBlockingTime(
  tasks: readonly { start: number; duration: number }[],
  fcp: number | null,
): number {
  if (fcp === null) return 0;
  let total = 0;
  for (const task of tasks) {
    const end = task.start + task.duration;
    if (end <= fcp) continue;
    const counted = end - Math.max(task.start, fcp);
    if (counted > 50) total += counted - 50;
  }
  return total;
}

/** CWV CLS: shifts grouped into sessions (gap < 1 s, session < 5 s); the largest session's sum. */
export function sessionWindowCls(shifts: readonly { start: number; value: number }[]): number {
  let best = 0;
  let current = 0;
  let sessionStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    if (shift.start - previous > 1_000 || shift.start - sessionStart > 5_000) {
      current = 0;
      sessionStart = shift.start;
    }
    current += shift.value;
    previous = shift.start;
    best = Math.max(best, current);
  }
  return best;
}

async function throttle(session: CDPSession): Promise<void> {
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  await session.send('Network.emulateNetworkConditions', NETWORK_PROFILE);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/**
 * Puts the given localStorage entries in place before the page's first script (an entry the page has
 * written since is left alone): a visitor who came back with a cart, say.
 */
function storageSeedScript(entries: Readonly<Record<string, string>>): string {
  return `(() => {
  try {
    const entries = ${JSON.stringify(entries)};
    for (const key of Object.keys(entries)) {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, entries[key]);
    }
  } catch (error) {
    // no storage in this frame (about:blank): nothing to seed
  }
})();`;
}

export interface ColdLoadOptions {
  /** localStorage entries the visitor already has when the page starts (the same for ours and the floor). */
  readonly localStorage?: Readonly<Record<string, string>>;
  /**
   * Cookies the visitor's browser already holds for the page's origin (name, value, path), the same for
   * ours and the floor: the cart's mirror cookie, which the shop writes with every save of the cart.
   */
  readonly cookies?: readonly { readonly name: string; readonly value: string; readonly path: string }[];
}

/** A cold load: a fresh context (no cache, no cookies, no service worker) for this one navigation. */
export async function measureColdLoad(
  browser: Browser,
  url: string,
  options: ColdLoadOptions = {},
): Promise<LoadMetrics> {
  const context = await browser.newContext({ ...DEVICE, serviceWorkers: 'block', locale: 'ru-RU' });
  try {
    await context.addInitScript({ content: PROBE_SCRIPT });
    if (options.localStorage !== undefined) {
      await context.addInitScript({ content: storageSeedScript(options.localStorage) });
    }
    if (options.cookies !== undefined) {
      const { hostname } = new URL(url);
      await context.addCookies(
        options.cookies.map((cookie) => ({ ...cookie, domain: hostname, sameSite: 'Lax' as const })),
      );
    }
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 300));
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message.slice(0, 300)}`));
    const session = await context.newCDPSession(page);
    await throttle(session);
    const requestUrls = new Map<string, string>();
    const transferByUrl = new Map<string, number>();
    let totalTransferBytes = 0;
    session.on('Network.requestWillBeSent', (event) => {
      requestUrls.set(event.requestId, event.request.url);
    });
    session.on('Network.loadingFinished', (event) => {
      totalTransferBytes += event.encodedDataLength;
      const requested = requestUrls.get(event.requestId);
      if (requested !== undefined) {
        transferByUrl.set(requested, (transferByUrl.get(requested) ?? 0) + event.encodedDataLength);
      }
    });

    await page.goto(url, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
    const loadedAt = Date.now();
    // Settle: LCP is final only after the page stops producing candidates; TBT's end is the start of a
    // quiet window (the TTI approximation below).
    for (;;) {
      await page.waitForTimeout(500);
      const idleFor = await page.evaluate(() => performance.now() - (window.__benchProbe?.lastActivity ?? 0));
      if (idleFor >= QUIET_WINDOW_MS || Date.now() - loadedAt >= SETTLE_CAP_MS) break;
    }
    const settledAfterLoadMs = Date.now() - loadedAt;

    const snapshot = await page.evaluate(() => {
      const probe = window.__benchProbe;
      const navigation = performance.getEntriesByType('navigation')[0] as
        | PerformanceNavigationTiming
        | undefined;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
        .map((entry) => ({
          url: entry.name,
          startTime: entry.startTime,
          responseEnd: entry.responseEnd,
          initiatorType: entry.initiatorType,
        }));
      const lcpUrl = probe?.lcpElement?.split(' ')[1];
      const timeline = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter(
          (entry) =>
            entry.initiatorType === 'fetch' ||
            entry.initiatorType === 'xmlhttprequest' ||
            entry.name === lcpUrl,
        )
        .map((entry) => ({
          url: entry.name,
          initiatorType: entry.initiatorType,
          startTime: Math.round(entry.startTime),
          responseEnd: Math.round(entry.responseEnd),
        }));
      return {
        timeline,
        probe: probe ?? null,
        documentReceived: navigation?.responseEnd ?? 0,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? 0,
        load: navigation?.loadEventStart ?? 0,
        scripts,
      };
    });
    const probe = snapshot.probe;
    if (probe === null) throw new Error(`${url}: the measuring script did not run`);
    return {
      url,
      documentReceived: snapshot.documentReceived,
      fcp: probe.fcp,
      lcp: probe.lcp,
      lcpElement: probe.lcpElement,
      domContentLoaded: snapshot.domContentLoaded,
      load: snapshot.load,
      tbt: totalBlockingTime(probe.longTasks, probe.fcp),
      longTasks: probe.longTasks.length,
      cls: sessionWindowCls(probe.shifts),
      clsSum: probe.shifts.reduce((sum, shift) => sum + shift.value, 0),
      shifts: probe.shifts,
      settledAfterLoadMs,
      scripts: snapshot.scripts.map((script) => ({
        ...script,
        transferBytes: transferByUrl.get(script.url) ?? 0,
      })),
      totalTransferBytes,
      dataAndLcpRequests: snapshot.timeline,
      consoleErrors,
      ready: probe.ready,
    };
  } finally {
    await context.close();
  }
}
