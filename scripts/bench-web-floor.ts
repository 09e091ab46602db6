/**
 * The floor of `npm run bench:web` (issue 27, «Proven»): each page is measured beside the very document our
 * server sends with every script taken out — what the browser draws from the server's HTML, its stylesheets,
 * fonts and pictures alone, served from the same origin under the same throttling. Pure functions over text
 * and plain figures, so they are unit-tested (test/scripts/bench-web-floor.test.ts) without a browser.
 */

/** Issue 27's goals against the floor: LCP ≤ 1.05× the floor's, TBT ≤ the floor's + 100 ms, ready ≤ 1.6× the floor's LCP. */
export const FLOOR_GOALS = { lcpRatio: 1.05, tbtOverMs: 100, readyOverFloorLcp: 1.6 } as const;

/** The query parameter the bench's front server answers with the floor document (any other value: ours). */
export const FLOOR_PARAMETER = 'bench-floor';

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK_ELEMENT = /<link\b[^>]*>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Preloads only a script consumes: the script itself, a worker, data the app fetches. */
const SCRIPT_PRELOADS = new Set(['script', 'fetch', 'worker', 'sharedworker', 'serviceworker']);

/** A start tag's attributes by lower-cased name (the first of a repeated name wins, as in HTML). */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const inside = tag.replace(/^<\w+/, '').replace(/\/?>$/, '');
  for (const match of inside.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (name === undefined || attributes.has(name)) continue;
    attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** A `<link>` that only serves scripts: `modulepreload`, or `preload` of a script, a worker or fetched data. */
function linkServesScripts(tag: string): boolean {
  const attributes = attributesOf(tag);
  const relations = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
  if (relations.includes('modulepreload')) return true;
  const as = (attributes.get('as') ?? '').toLowerCase();
  return relations.includes('preload') && SCRIPT_PRELOADS.has(as);
}

/**
 * The floor document: the server's HTML with every `<script>` element (code, modules, JSON data, import
 * maps) and every link that only feeds scripts (`modulepreload`, `preload as=script|fetch|worker`) removed.
 * Stylesheets, fonts and their preloads, pictures and their preloads, inline styles and the markup stay as
 * sent. The HTML parser ends a script's text at the first `</script`, so matching up to it is exact for a
 * document a server wrote (its JSON escapes `<`).
 */
export function floorDocument(html: string): string {
  return html.replace(SCRIPT_ELEMENT, '').replace(LINK_ELEMENT, (tag) => (linkServesScripts(tag) ? '' : tag));
}

/** One page's medians, ours and the floor's, as the ratios need them (ms; null: never reached). */
export interface FloorFigures {
  readonly ours: { readonly lcp: number | null; readonly tbt: number; readonly ready: number | null };
  readonly floor: { readonly lcp: number | null; readonly tbt: number };
}

export interface FloorRatios {
  /** Our LCP ÷ the floor's LCP (goal ≤ 1.05). */
  readonly lcpRatio: number | null;
  /** Our TBT − the floor's TBT, ms (goal ≤ 100). */
  readonly tbtOverMs: number;
  /** Our time to ready ÷ the floor's LCP (goal ≤ 1.6). */
  readonly readyOverFloorLcp: number | null;
  /** Each goal met; a figure that is missing (no LCP, never ready) misses its goal. */
  readonly met: { readonly lcp: boolean; readonly tbt: boolean; readonly ready: boolean };
}

const usable = (value: number | null): value is number => value !== null && Number.isFinite(value);

/** The three ratios of issue 27 for one page and whether each goal is met. */
export function floorRatios(figures: FloorFigures): FloorRatios {
  const { ours, floor } = figures;
  const floorLcp = usable(floor.lcp) && floor.lcp > 0 ? floor.lcp : null;
  const lcpRatio = floorLcp !== null && usable(ours.lcp) ? ours.lcp / floorLcp : null;
  const readyOverFloorLcp = floorLcp !== null && usable(ours.ready) ? ours.ready / floorLcp : null;
  const tbtOverMs = ours.tbt - floor.tbt;
  return {
    lcpRatio,
    tbtOverMs,
    readyOverFloorLcp,
    met: {
      lcp: lcpRatio !== null && lcpRatio <= FLOOR_GOALS.lcpRatio,
      tbt: tbtOverMs <= FLOOR_GOALS.tbtOverMs,
      ready: readyOverFloorLcp !== null && readyOverFloorLcp <= FLOOR_GOALS.readyOverFloorLcp,
    },
  };
}
