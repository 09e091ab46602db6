import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compareRuns,
  figuresFromReport,
  type OurFigures,
  parsePeerFigures,
  sideBySide,
  sideBySideLegend,
} from '../../scripts/bench-web-compare';

const SAMPLE = `# Peer storefront benchmarks
### A. Vendure + Next.js 16 starter (http://127.0.0.1:3001)
| page | profile | FCP ms | LCP ms | TBT ms | CLS | JS kB | HTML kB raw / gzip | TTFB ms |
|---|---|---|---|---|---|---|---|---|
| home \`/\` | mobile | 1964 | 3132 | 353 | 0 | 210 | 79.3 / 16.5 | 5.0 (gz 4.8) |
| home \`/\` | desktop | 552 | 552 | 112 | 0 | 222 | 79.3 / 16.5 | 5.0 (gz 4.8) |
| collection \`/collection/electronics\` | mobile | 1896 | 5568 | 318 | 0 | 222 | 127.2 / 19.5 | 4.6 |
| product \`/product/laptop\` | mobile | 1896 | 2296 | 483 | 0 | 217 | 105.9 / 20.2 | 4.7 |
### B. Vendure + Remix 2 starter (http://127.0.0.1:8002)
| page | profile | FCP ms | LCP ms | TBT ms | CLS | JS kB | HTML kB raw / gzip | TTFB ms |
| home \`/\` | mobile | 1668 | 3588 | 194 | 0 | 228.9 | 19.2 / 6.8 | 52.6 |
| collection \`/collections/electronics\` | mobile | 1612 | 1828 | 354 | 0 | 269.2 | 42.0 / 11.0 | 71.4 |
| product \`/products/laptop\` | mobile | 1600 | 1760 | 220 | 0 | 233.4 | 28.4 / 10.6 | 47.6 |
| product | mobile | n/a | | | | | | |
## What failed
| home | mobile | 1 | 2 | 3 | 0 | 4 |
`;

const OURS: OurFigures[] = [
  { page: 'home', lcpMs: 1688, tbtMs: 623, cls: 0.004, jsKb: 201.2, readyMs: 3712 },
  { page: 'category', lcpMs: 1704, tbtMs: 672, cls: 0.002, jsKb: 197, readyMs: null },
];

describe('bench:web comparison', () => {
  it('reads each peer’s result rows, calling the collection page the category page', () => {
    const figures = parsePeerFigures(SAMPLE);
    expect(figures).toHaveLength(7);
    expect(figures).toContainEqual({
      peer: 'Remix starter',
      page: 'category',
      profile: 'mobile',
      fcpMs: 1612,
      lcpMs: 1828,
      tbtMs: 354,
      cls: 0,
      jsKb: 269.2,
    });
    expect(
      figures.filter((figure) => figure.peer === 'Next.js starter' && figure.profile === 'desktop'),
    ).toHaveLength(1);
  });

  it('reads the team’s recorded peers file when it is beside the repository', () => {
    const file = '../shared/research/peers.md';
    if (!existsSync(file)) return;
    const figures = parsePeerFigures(readFileSync(file, 'utf8'));
    for (const page of ['home', 'category', 'product'] as const) {
      expect(
        figures.filter((figure) => figure.page === page && figure.profile === 'mobile').length,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it('puts our mobile figures first, then each peer’s, in the legend’s order', () => {
    const peers = parsePeerFigures(SAMPLE);
    expect(sideBySideLegend(peers)).toBe('ours / Next.js starter / Remix starter');
    expect(sideBySide(OURS, peers)).toEqual([
      {
        page: 'home',
        lcp: '1688 / 3132 / 3588',
        tbt: '623 / 353 / 194',
        js: '201 / 210 / 229',
        ready: '3712',
      },
      {
        page: 'category',
        lcp: '1704 / 5568 / 1828',
        tbt: '672 / 318 / 354',
        js: '197 / 222 / 269',
        ready: '—',
      },
    ]);
  });

  it('compares with an earlier report, skipping what either run lacks', () => {
    const earlier = figuresFromReport({
      pages: [
        { name: 'home', median: { lcp: 1700, tbt: 700, cls: 0.01 }, criticalJsGzipKb: 230 },
        { name: 'search', median: { lcp: 1, tbt: 1, cls: 0 }, criticalJsGzipKb: 1 },
        { name: 'product', median: { lcp: 'x' }, criticalJsGzipKb: 1 },
      ],
    });
    expect(earlier).toEqual([{ page: 'home', lcpMs: 1700, tbtMs: 700, cls: 0.01, jsKb: 230, readyMs: null }]);
    const changes = compareRuns(earlier ?? [], OURS);
    expect(changes.map((change) => [change.metric, change.change])).toEqual([
      ['lcpMs', -12],
      ['tbtMs', -77],
      ['cls', 0.004 - 0.01],
      ['jsKb', 201.2 - 230],
    ]);
    expect(figuresFromReport({ nothing: true })).toBeNull();
    expect(figuresFromReport(null)).toBeNull();
  });
});
