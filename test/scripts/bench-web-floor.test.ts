import { describe, expect, it } from 'vitest';
import { FLOOR_GOALS, floorDocument, floorRatios } from '../../scripts/bench-web-floor';

/** A page document as the server writes it (page-document.ts): scripts, preloads, styles, a picture. */
const DOCUMENT = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script id="early-input">
      (() => { window.__earlyInput = []; })();
    </script>
    <link rel="stylesheet" crossorigin href="/assets/app-Ab12Cd34.css">
    <link rel="preload" href="/assets/manrope-Ef56Gh78.woff2" as="font" type="font/woff2" crossorigin>
    <link rel="preload" as="image" href="/media/sofa-640.avif" imagesrcset="/media/sofa-640.avif 640w" fetchpriority="high">
    <link rel="modulepreload" crossorigin href="/assets/app-Ij90Kl12.js">
    <link rel=modulepreload href=/assets/route-Mn34Op56.js>
    <link as="script" rel="preload" href="/assets/worker-Qr78St90.js">
    <link rel="preload" href="/api/categories" as="fetch" crossorigin>
    <script type="module" crossorigin src="/assets/index-Uv12Wx34.js"></script>
    <style>.boot { min-height: 100vh; }</style>
    <title>Диван «Уют» — Дом и Стиль</title>
  </head>
  <body>
    <div id="root"><!--app--><main><h1>Диван «Уют»</h1><img src="/media/sofa-640.avif" alt="Диван «Уют»" width="640" height="480"><p>Цена: 45 990 ₽</p></main><!--/app--></div>
    <script type="application/json" id="page-answers">{"product":{"name":"Диван \\u003c«Уют»"}}</script>
    <SCRIPT>window.late = true</SCRIPT >
  </body>
</html>`;

describe('the floor document of bench:web', () => {
  const floor = floorDocument(DOCUMENT);

  it('has no script left: code, modules, inline start-up code and JSON answers are gone', () => {
    expect(floor).not.toMatch(/<script/i);
    expect(floor).not.toContain('__earlyInput');
    expect(floor).not.toContain('page-answers');
    expect(floor).not.toContain('window.late');
  });

  it('drops the links that only feed scripts: modulepreloads and preloads of a script or of data', () => {
    expect(floor).not.toContain('modulepreload');
    expect(floor).not.toContain('/assets/app-Ij90Kl12.js');
    expect(floor).not.toContain('/assets/route-Mn34Op56.js');
    expect(floor).not.toContain('/assets/worker-Qr78St90.js');
    expect(floor).not.toContain('/api/categories');
  });

  it('keeps the stylesheet, the font and picture preloads, the inline style and the drawn page as sent', () => {
    for (const kept of [
      '<link rel="stylesheet" crossorigin href="/assets/app-Ab12Cd34.css">',
      '<link rel="preload" href="/assets/manrope-Ef56Gh78.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="preload" as="image" href="/media/sofa-640.avif" imagesrcset="/media/sofa-640.avif 640w" fetchpriority="high">',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      '<style>.boot { min-height: 100vh; }</style>',
      '<title>Диван «Уют» — Дом и Стиль</title>',
      '<div id="root"><!--app--><main><h1>Диван «Уют»</h1><img src="/media/sofa-640.avif" alt="Диван «Уют»" width="640" height="480"><p>Цена: 45 990 ₽</p></main><!--/app--></div>',
    ]) {
      expect(floor).toContain(kept);
    }
  });

  it('leaves a document without scripts unchanged', () => {
    expect(floorDocument(floor)).toBe(floor);
  });
});

describe('the ratios to the floor', () => {
  it('divides our LCP and ready by the floor’s LCP and subtracts the floor’s TBT', () => {
    const ratios = floorRatios({
      ours: { lcp: 1_680, tbt: 230, ready: 2_400 },
      floor: { lcp: 1_600, tbt: 0 },
    });
    expect(ratios.lcpRatio).toBeCloseTo(1.05, 10);
    expect(ratios.tbtOverMs).toBe(230);
    expect(ratios.readyOverFloorLcp).toBeCloseTo(1.5, 10);
    expect(ratios.met).toEqual({ lcp: true, tbt: false, ready: true });
  });

  it('meets each goal at its bound and misses it just beyond', () => {
    const floor = { lcp: 2_000, tbt: 40 };
    const at = floorRatios({
      ours: {
        lcp: floor.lcp * FLOOR_GOALS.lcpRatio,
        tbt: floor.tbt + FLOOR_GOALS.tbtOverMs,
        ready: floor.lcp * FLOOR_GOALS.readyOverFloorLcp,
      },
      floor,
    });
    expect(at.met).toEqual({ lcp: true, tbt: true, ready: true });
    const beyond = floorRatios({
      ours: {
        lcp: floor.lcp * FLOOR_GOALS.lcpRatio + 1,
        tbt: floor.tbt + FLOOR_GOALS.tbtOverMs + 1,
        ready: floor.lcp * FLOOR_GOALS.readyOverFloorLcp + 1,
      },
      floor,
    });
    expect(beyond.met).toEqual({ lcp: false, tbt: false, ready: false });
  });

  it('gives no ratio, and a missed goal, when a figure is missing (no LCP, never ready)', () => {
    const noFloorLcp = floorRatios({
      ours: { lcp: 1_500, tbt: 0, ready: 2_000 },
      floor: { lcp: null, tbt: 0 },
    });
    expect(noFloorLcp.lcpRatio).toBeNull();
    expect(noFloorLcp.readyOverFloorLcp).toBeNull();
    expect(noFloorLcp.met).toEqual({ lcp: false, tbt: true, ready: false });
    const neverReady = floorRatios({
      ours: { lcp: 1_500, tbt: 0, ready: Number.NaN },
      floor: { lcp: 1_500, tbt: 0 },
    });
    expect(neverReady.readyOverFloorLcp).toBeNull();
    expect(neverReady.met.ready).toBe(false);
  });
});
