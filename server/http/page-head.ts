import type { DrawnPageHead } from '../../api/page-bootstrap';
import { robotsForPath, truncateDescription } from '../domain/page-indexing';
import type { PageSubject } from './page-plan';

/**
 * The head tags of a page document, from the answers it carries, so a search engine that runs no
 * JavaScript (Yandex often does not) still reads a product's or a category's own title, description,
 * robots rule and canonical address, and an unknown product or category answers 404 rather than a
 * "soft 404". The browser's PageHead (src/ui/routes/-components/page-head.tsx) writes the same tags
 * with the same texts once the app runs; it updates these elements in place.
 */
export const SHOP_NAME = 'Дом и Стиль';

/** The home page's own head (src/ui/routes/index.tsx HOME_HEAD). */
export const HOME_TITLE = 'Мебель, декор и техника для дома';
export const HOME_DESCRIPTION =
  'Мебель, декор, текстиль и бытовая техника с доставкой по Санкт-Петербургу и России.';

/** The not-found page's head (src/ui/routes/-components/not-found-page.tsx). */
const NOT_FOUND_TITLE = 'Страница не найдена';

export interface DocumentHead {
  /** The page's own title; the shop name is appended. */
  readonly title: string;
  readonly description: string;
  readonly robots: 'noindex,nofollow' | 'index,follow';
  /** Site path of the canonical address (with ?page=N where it matters). */
  readonly canonicalPath: string;
  readonly image: string | null;
  readonly type: 'website' | 'product' | 'article';
  /** 404 for an unknown product or category. */
  readonly status: 200 | 404;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function imageUrl(value: unknown): string | null {
  const url = isRecord(value) ? text(value.url) : '';
  return url.startsWith('/') || /^https?:\/\//i.test(url) ? url : null;
}

/** An answer the document carries: its status and body. */
export interface CarriedRead {
  readonly status: number;
  readonly body: unknown;
}

/** The head of the not-found page: its title, noindex, and status 404. */
/**
 * The head of a page the app drew (its PageHead, collected by the server renderer): pages the
 * server has no rule of its own for (catalogue index, search, news, articles, static and legal
 * pages) get their own title, description and canonical. Robots follow the server's path rule.
 */
export function drawnPageHead(drawn: DrawnPageHead, path: string): DocumentHead {
  return {
    title: drawn.title.replace(/\s+/g, ' ').trim() || SHOP_NAME,
    description: truncateDescription(drawn.description),
    robots: robotsForPath(path),
    canonicalPath: drawn.canonicalPath.split('#', 1)[0] || path,
    image: drawn.image,
    type: drawn.type,
    status: 200,
  };
}

export function notFoundHead(path: string): DocumentHead {
  return {
    title: NOT_FOUND_TITLE,
    description: 'Такой страницы нет. Проверьте адрес или вернитесь на главную.',
    robots: 'noindex,nofollow',
    canonicalPath: path,
    image: null,
    type: 'website',
    status: 404,
  };
}

/**
 * The head for a page, or null when the document should keep index.html's defaults apart from the
 * path rules (robots, canonical). `path` is the location path without the query.
 */
export function documentHead(
  subject: PageSubject,
  path: string,
  read: (apiPath: string) => CarriedRead | undefined,
): DocumentHead | null {
  const robots = robotsForPath(path);
  if (subject.kind === 'home') {
    // The home page's own meta title and description where a manager wrote them (its SEO text).
    const seo = read('/api/seo/home');
    const seoBody = seo?.status === 200 && isRecord(seo.body) ? seo.body : {};
    return {
      title: text(seoBody.meta_title) || HOME_TITLE,
      description: truncateDescription(text(seoBody.meta_description) || HOME_DESCRIPTION),
      robots,
      canonicalPath: '/',
      image: null,
      type: 'website',
      status: 200,
    };
  }
  if (subject.kind === 'product') {
    const answer = read(subject.apiPath);
    if (answer?.status === 404) return notFoundHead(path);
    if (answer?.status !== 200 || !isRecord(answer.body)) return null;
    const product = answer.body;
    const name = text(product.name);
    const slug = text(product.slug);
    if (name === '' || slug === '') return null;
    const images = Array.isArray(product.images) ? product.images : [];
    return {
      title: name,
      description: truncateDescription(text(product.description) || name),
      robots,
      canonicalPath: `/product/${encodeURIComponent(slug)}`,
      image: imageUrl(images[0]) ?? (text(product.tovar_pic1_url_site) || null),
      type: 'product',
      status: 200,
    };
  }
  if (subject.kind === 'category') {
    const list = read('/api/categories');
    if (list?.status !== 200 || !Array.isArray(list.body)) return null;
    const category = list.body.find(
      (row): row is Record<string, unknown> => isRecord(row) && text(row.path) === subject.slugPath,
    );
    if (category === undefined) return notFoundHead(path);
    const name = text(category.name);
    // The category's own meta title and description where a manager wrote them (its SEO text).
    const seo = read(subject.seoPath);
    const seoBody = seo?.status === 200 && isRecord(seo.body) ? seo.body : {};
    return {
      title: text(seoBody.meta_title) || name,
      description: truncateDescription(
        text(seoBody.meta_description) ||
          text(category.description) ||
          `${name} в магазине «${SHOP_NAME}»: цены, размеры и фото.`,
      ),
      robots,
      canonicalPath: `/category/${subject.slugPath}${subject.page > 1 ? `?page=${subject.page}` : ''}`,
      image: imageUrl(category.image),
      type: 'website',
      status: 200,
    };
  }
  return null;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An absolute, percent-encoded address (a hostile path cannot leave its attribute either way). */
function absolute(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${origin}/`).href;
  } catch {
    return `${origin}/`;
  }
}

/**
 * The tags for the head: title and description replace index.html's, the rest is added. Without a
 * public origin there is no canonical or og:url (a Host header is not to be trusted for them).
 */
export function headTags(
  head: DocumentHead | null,
  path: string,
  origin: string | null,
  /** Overrides the head's and the path's robots rule (a page sent without its content). */
  robots?: DocumentHead['robots'],
): {
  readonly title: string | null;
  readonly description: string | null;
  readonly extra: readonly string[];
} {
  const extra = [`<meta name="robots" content="${robots ?? head?.robots ?? robotsForPath(path)}">`];
  const canonicalPath = head?.canonicalPath ?? path;
  if (origin !== null) {
    extra.push(`<link rel="canonical" href="${escapeHtml(absolute(origin, canonicalPath))}">`);
  }
  if (head === null) return { title: null, description: null, extra };
  const properties: [string, string][] = [
    ['og:site_name', SHOP_NAME],
    ['og:locale', 'ru_RU'],
    ['og:type', head.type],
    ['og:title', head.title],
    ['og:description', head.description],
  ];
  if (origin !== null) properties.push(['og:url', absolute(origin, canonicalPath)]);
  if (head.image !== null && origin !== null) properties.push(['og:image', absolute(origin, head.image)]);
  for (const [property, content] of properties) {
    extra.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
  }
  return {
    title: escapeHtml(head.title === SHOP_NAME ? SHOP_NAME : `${head.title} — ${SHOP_NAME}`),
    description: escapeHtml(head.description),
    extra,
  };
}
