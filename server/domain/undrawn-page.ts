/**
 * What a public page's document says when the server could not draw its content in time or at all
 * (the loading screen instead of the page: src/entry-server.tsx `missed`). Such a document must never be
 * indexed, or a search engine keeps an empty page for a real one (issue 24, item 12):
 * - a known search crawler gets 503 with Retry-After: "come back later", which Google and Yandex take as
 *   a passing fault — they keep the page they already have and fetch it again, rather than dropping it
 *   (which a 200 with noindex would make them do);
 * - anyone else — a person, whose browser app fills the loading screen in seconds, or a robot that does
 *   not say what it is — gets the loading screen with 200, marked noindex in the head and in
 *   X-Robots-Tag, so whatever reads it without running the app indexes nothing.
 * docs/architecture.md «The page document», docs/operations.md «Pages drawn without their content».
 */

/** How long a known crawler is asked to wait before fetching the page again. */
export const CRAWLER_RETRY_AFTER_SECONDS = 120;

/**
 * How long the server renderer may load a page before the document goes out without its content.
 * A person gets the loading screen after this and the app draws the page; a crawler gets 503, so it
 * may wait longer for the real page: it reads no loading screen and is not in a hurry.
 */
export const RENDER_DEADLINE_MS = { person: 1_500, crawler: 6_000 } as const;

export type Visitor = keyof typeof RENDER_DEADLINE_MS;

/**
 * The search engines' crawlers (their documented User-Agent tokens): Google, Yandex, Bing, Mail.ru,
 * DuckDuckGo, Apple, Baidu, Petal, Seznam. A robot that claims to be one only gets a 503 it asked for.
 */
const SEARCH_CRAWLER =
  /googlebot|google-inspectiontool|storebot-google|adsbot-google|bingbot|yandex(?:bot|mobilebot|images|renderresourcesbot|accessibilitybot|metrika)|yandex\.com\/bots|mail\.ru_bot|duckduckbot|applebot|baiduspider|petalbot|seznambot/i;

export function visitorOf(userAgent: string | undefined): Visitor {
  return userAgent !== undefined && SEARCH_CRAWLER.test(userAgent) ? 'crawler' : 'person';
}

export interface UndrawnPageAnswer {
  readonly status: 200 | 503;
  readonly robots: 'noindex,nofollow';
  /** The Retry-After header (seconds), or null for none. */
  readonly retryAfterSeconds: number | null;
}

/** The status and robots rule of a public page's document sent without the page's content. */
export function undrawnPageAnswer(visitor: Visitor): UndrawnPageAnswer {
  return visitor === 'crawler'
    ? { status: 503, robots: 'noindex,nofollow', retryAfterSeconds: CRAWLER_RETRY_AFTER_SECONDS }
    : { status: 200, robots: 'noindex,nofollow', retryAfterSeconds: null };
}
