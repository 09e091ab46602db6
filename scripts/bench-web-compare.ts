/**
 * The comparison half of `npm run bench:web`: the peer storefronts' figures as the team recorded them
 * (shared/research/peers.md, measured on this machine kind) beside ours, and the change against an
 * earlier run's JSON report. Pure functions over text and plain records, so they are unit-tested
 * (test/scripts/bench-web-compare.test.ts) without a browser.
 */

/** The three pages every storefront is measured on. */
export type BenchPage = 'home' | 'category' | 'product';

export interface PeerFigures {
  readonly peer: string;
  readonly page: BenchPage;
  readonly profile: 'mobile' | 'desktop';
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly jsKb: number;
}

/** The peers' sections in peers.md, with the short name the report uses. */
const PEER_SECTIONS: readonly { readonly heading: RegExp; readonly name: string }[] = [
  { heading: /^###\s+A\.\s.*Next\.js/i, name: 'Next.js starter' },
  { heading: /^###\s+B\.\s.*Remix/i, name: 'Remix starter' },
];

/** peers.md calls the category page "collection". */
function pageOf(cell: string): BenchPage | null {
  const word = cell.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (word === 'home') return 'home';
  if (word === 'collection' || word === 'category') return 'category';
  if (word === 'product') return 'product';
  return null;
}

function numberOf(cell: string | undefined): number | null {
  const match = /-?\d+(?:\.\d+)?/.exec(cell ?? '');
  return match ? Number(match[0]) : null;
}

/**
 * The result rows of peers.md ("| page | profile | FCP ms | LCP ms | TBT ms | CLS | JS kB | …") under
 * each peer's heading. Lines that do not parse are skipped: the file is written by people.
 */
export function parsePeerFigures(markdown: string): PeerFigures[] {
  const figures: PeerFigures[] = [];
  let peer: string | null = null;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('#')) {
      peer = PEER_SECTIONS.find((section) => section.heading.test(line))?.name ?? null;
      continue;
    }
    if (peer === null || !line.startsWith('|')) continue;
    const cells = line.split('|').slice(1, -1);
    const page = pageOf(cells[0] ?? '');
    const profile = cells[1]?.trim();
    if (page === null || (profile !== 'mobile' && profile !== 'desktop')) continue;
    const [fcpMs, lcpMs, tbtMs, cls, jsKb] = cells.slice(2, 7).map(numberOf);
    if (fcpMs == null || lcpMs == null || tbtMs == null || cls == null || jsKb == null) continue;
    figures.push({ peer, page, profile, fcpMs, lcpMs, tbtMs, cls, jsKb });
  }
  return figures;
}

/** Our figures for one page as the report keeps them (medians). */
export interface OurFigures {
  readonly page: BenchPage;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** JS transferred before LCP (gzip kB). */
  readonly jsKb: number;
  /** When <html data-app="ready"> was set, ms after navigation; null when the app never got there. */
  readonly readyMs: number | null;
}

export interface SideBySideRow {
  readonly page: BenchPage;
  readonly lcp: string;
  readonly tbt: string;
  readonly js: string;
  readonly ready: string;
}

const round = (value: number) => String(Math.round(value));

/** One row per page: ours first, then each peer's mobile figure ("1688 / 3652 / 2988"). */
export function sideBySide(ours: readonly OurFigures[], peers: readonly PeerFigures[]): SideBySideRow[] {
  const peerNames = [...new Set(peers.map((figure) => figure.peer))].sort();
  return ours.map((mine) => {
    const mobile = peerNames.map((name) =>
      peers.find(
        (figure) => figure.peer === name && figure.page === mine.page && figure.profile === 'mobile',
      ),
    );
    const column = (own: string, pick: (figure: PeerFigures) => number) =>
      [own, ...mobile.map((figure) => (figure === undefined ? '—' : round(pick(figure))))].join(' / ');
    return {
      page: mine.page,
      lcp: column(round(mine.lcpMs), (figure) => figure.lcpMs),
      tbt: column(round(mine.tbtMs), (figure) => figure.tbtMs),
      js: column(mine.jsKb.toFixed(0), (figure) => figure.jsKb),
      ready: mine.readyMs === null ? '—' : round(mine.readyMs),
    };
  });
}

/** The column heading naming the order of the figures in `sideBySide`. */
export function sideBySideLegend(peers: readonly PeerFigures[]): string {
  return ['ours', ...[...new Set(peers.map((figure) => figure.peer))].sort()].join(' / ');
}

export interface FigureChange {
  readonly page: BenchPage;
  readonly metric: keyof Omit<OurFigures, 'page'>;
  readonly before: number;
  readonly after: number;
  readonly change: number;
}

/** What changed per page and metric between an earlier run and this one (pages and metrics in both). */
export function compareRuns(before: readonly OurFigures[], after: readonly OurFigures[]): FigureChange[] {
  const metrics: FigureChange['metric'][] = ['lcpMs', 'tbtMs', 'cls', 'jsKb', 'readyMs'];
  const changes: FigureChange[] = [];
  for (const now of after) {
    const then = before.find((figure) => figure.page === now.page);
    if (then === undefined) continue;
    for (const metric of metrics) {
      const a = then[metric];
      const b = now[metric];
      if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b)) continue;
      changes.push({ page: now.page, metric, before: a, after: b, change: b - a });
    }
  }
  return changes;
}

/**
 * Our figures from a report written by bench:web (this version or an older one, which had no ready
 * time): null when the file is not such a report.
 */
export function figuresFromReport(report: unknown): OurFigures[] | null {
  if (typeof report !== 'object' || report === null || !('pages' in report) || !Array.isArray(report.pages)) {
    return null;
  }
  const figures: OurFigures[] = [];
  for (const entry of report.pages as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const page = 'name' in entry && typeof entry.name === 'string' ? pageOf(entry.name) : null;
    const median =
      'median' in entry && typeof entry.median === 'object'
        ? (entry.median as Record<string, unknown>)
        : null;
    const js = 'criticalJsGzipKb' in entry ? entry.criticalJsGzipKb : null;
    if (page === null || median === null) continue;
    const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
    const lcpMs = number(median.lcp);
    const tbtMs = number(median.tbt);
    const cls = number(median.cls);
    const jsKb = number(js);
    if (lcpMs === null || tbtMs === null || cls === null || jsKb === null) continue;
    figures.push({ page, lcpMs, tbtMs, cls, jsKb, readyMs: number(median.ready) });
  }
  return figures;
}
