import { createContext, useContext, useEffect } from 'react';
import { type RobotsDirective, robotsForPath, truncateDescription } from '../../../domain/page-indexing';
import { SHOP_NAME } from '../../components/logo';

/**
 * The head of a page (issue 6: title, description cut to about 157 characters, robots by the spec's
 * path rule, canonical, Open Graph). The root layout does not render TanStack's <HeadContent/>, so
 * each page sets its head tags here. The tags of index.html are updated in place rather than
 * duplicated, so a crawler never sees two descriptions.
 */
export interface PageHeadInput {
  /** The page's own title; the shop name is appended. */
  readonly title: string;
  readonly description: string;
  /** The location path (with query) of the page, e.g. '/category/mebel?page=2'. */
  readonly path: string;
  /** A canonical path when it differs from `path` (filtered listings point at the plain category). */
  readonly canonicalPath?: string;
  /** An image URL (absolute or site-relative) for Open Graph. */
  readonly image?: string | null;
  readonly type?: 'website' | 'product' | 'article';
  /**
   * Robots for a page the path rule cannot judge: a not-found page lives at any URL, and must not
   * be indexed whatever that URL is. Omitted, the spec's path rule decides.
   */
  readonly robots?: RobotsDirective;
}

export interface PageHeadTags {
  readonly title: string;
  /** name → content for <meta name>. */
  readonly names: Readonly<Record<string, string>>;
  /** property → content for <meta property>. */
  readonly properties: Readonly<Record<string, string>>;
  readonly canonical: string;
}

function absolute(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** What the head of a page holds; pure, so tests read it without a document. */
export function pageHeadTags(input: PageHeadInput, origin: string): PageHeadTags {
  const ownTitle = input.title.replace(/\s+/g, ' ').trim();
  const title = ownTitle === '' || ownTitle === SHOP_NAME ? SHOP_NAME : `${ownTitle} — ${SHOP_NAME}`;
  const description = truncateDescription(input.description);
  const canonical = absolute(origin, (input.canonicalPath ?? input.path).split('#', 1)[0] ?? '/');
  const properties: Record<string, string> = {
    'og:site_name': SHOP_NAME,
    'og:locale': 'ru_RU',
    'og:type': input.type ?? 'website',
    'og:title': ownTitle === '' ? SHOP_NAME : ownTitle,
    'og:description': description,
    'og:url': canonical,
  };
  if (input.image) properties['og:image'] = absolute(origin, input.image);
  return {
    title,
    names: { description, robots: input.robots ?? robotsForPath(input.path) },
    properties,
    canonical,
  };
}

// Keys are this module's own constants (description, robots, og:*), so they need no escaping.
function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (element === null) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** Writes the tags into document.head; tags this page does not set (og:image) are removed. */
export function applyPageHead(tags: PageHeadTags): void {
  document.title = tags.title;
  for (const [name, content] of Object.entries(tags.names)) upsertMeta('name', name, content);
  for (const element of document.head.querySelectorAll<HTMLMetaElement>('meta[property^="og:"]')) {
    const key = element.getAttribute('property') ?? '';
    if (!(key in tags.properties)) element.remove();
  }
  for (const [property, content] of Object.entries(tags.properties))
    upsertMeta('property', property, content);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical === null) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.append(canonical);
  }
  canonical.href = tags.canonical;
}

/**
 * Where the server renderer (src/entry-server.tsx) collects the head a page asks for while it is
 * drawn: effects do not run there, so the page document takes the title, description and canonical
 * from here (server/http/page-document.ts). Null in the browser.
 */
export const PageHeadCollector = createContext<((head: PageHeadInput) => void) | null>(null);

/**
 * The shop's public origin for absolute URLs in structured data: the server renderer provides the
 * configured public address (PUBLIC_URL); in the browser it is the page's own origin.
 */
export const SiteOrigin = createContext<string | null>(null);

export function useSiteOrigin(): string {
  const provided = useContext(SiteOrigin);
  if (provided !== null) return provided;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Sets the page's head tags while it is shown (renders nothing). */
export function PageHead(props: PageHeadInput) {
  const { title, description, path, canonicalPath, image, type, robots } = props;
  // The last page head drawn wins, as the last effect does in the browser.
  useContext(PageHeadCollector)?.(props);
  useEffect(() => {
    applyPageHead(
      pageHeadTags({ title, description, path, canonicalPath, image, type, robots }, window.location.origin),
    );
  }, [title, description, path, canonicalPath, image, type, robots]);
  return null;
}

/** Serialises structured data for a <script type="application/ld+json">; '<' is escaped. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw text; '<' is escaped
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
