import { type SQL, sql } from 'drizzle-orm';
import type { ProductSummary } from '../../../api/products';
import type { SuggestedCategory, SuggestedProduct } from '../../../api/search';
import type { LexiconMatch, ProductQuery, SearchIndex } from '../../application/catalogue.port';
import type { LexiconEntry } from '../../domain/search-text';
import type { Database } from '../db/database';
import type { MediaUrls } from '../media/media-urls';
import { SHOPPER_VISIBLE, SUMMARY_COLUMNS, summaryFromRow } from './sql-catalogue-reader';

/**
 * A product's article reduced to lower-case letters and digits: the expression indexed by
 * products_sku_search_idx (trigram GIN, migration 0014), so «%…%» look-ups read the index.
 */
const ARTICLE_SEARCH_KEY = sql.raw(
  `regexp_replace(replace(lower(p.sku), 'ё', 'е'), '[^a-zа-я0-9]+', '', 'g')`,
);

/**
 * How well a product's article answers article keys (articleSearchForms; they hold only letters and
 * digits, so no LIKE wildcard can come in): 2 the article itself, 1 a part of it, 0 none.
 */
function articleRank(articles: readonly string[]): SQL {
  if (articles.length === 0) return sql`0`;
  const exact = sql.join(
    articles.map((key) => sql`${ARTICLE_SEARCH_KEY} = ${key}`),
    sql` OR `,
  );
  const part = sql.join(
    articles.map((key) => sql`${ARTICLE_SEARCH_KEY} LIKE ${`%${key}%`}`),
    sql` OR `,
  );
  return sql`(CASE WHEN ${exact} THEN 2 WHEN ${part} THEN 1 ELSE 0 END)`;
}

/** Products whose article holds one of the keys (false without keys). */
export function articleMatches(articles: readonly string[]): SQL {
  if (articles.length === 0) return sql`false`;
  return sql`(${sql.join(
    articles.map((key) => sql`${ARTICLE_SEARCH_KEY} LIKE ${`%${key}%`}`),
    sql` OR `,
  )})`;
}

/** The candidates of a product query: text matches and article matches (the caller orders them). */
function candidates(query: ProductQuery, cap: number): SQL {
  const textMatch = query.tsQuery.trim() === '' ? sql`false` : sql`p.search_vector @@ q.query`;
  return sql`
      q AS (SELECT to_tsquery('russian', ${query.tsQuery}) AS query),
      candidates AS (
        SELECT p.id, ${articleRank(query.articles)} AS article_rank,
          ts_rank_cd(p.search_vector, q.query, 1) AS rank
        FROM products p, q
        WHERE (${textMatch} OR ${articleMatches(query.articles)}) AND ${SHOPPER_VISIBLE}
        LIMIT ${cap}
      )`;
}

/**
 * Search in PostgreSQL: trigram similarity runs only over the lexicon (thousands of words, GiST
 * index, nearest first), never over products (stack.md gotcha 9); products are found through the
 * stored, weighted `russian` tsvector and its GIN index, with ranking limited to a capped candidate set.
 */
export class SqlSearchIndex implements SearchIndex {
  constructor(
    private readonly database: Database,
    private readonly media: MediaUrls,
  ) {}

  async closestWords(variants: readonly string[]): Promise<readonly LexiconMatch[]> {
    if (variants.length === 0) return [];
    const values = sql.join(
      variants.map((variant) => sql`(${variant}::text)`),
      sql`, `,
    );
    const rows = await this.database.rows<LexiconMatch>(sql`
      SELECT v.variant, l.word, l.similarity, l.frequency
      FROM (VALUES ${values}) AS v(variant)
      CROSS JOIN LATERAL (
        SELECT s.word, similarity(s.word, v.variant)::float8 AS similarity, s.frequency
        FROM search_lexicon s
        WHERE s.word = v.variant OR s.word % v.variant
        ORDER BY s.word <-> v.variant, s.frequency DESC
        LIMIT 1
      ) AS l`);
    return rows.map((row) => ({
      variant: row.variant,
      word: row.word,
      similarity: Number(row.similarity),
      frequency: Number(row.frequency),
    }));
  }

  async search(
    query: ProductQuery,
    limit: number,
    offset: number,
    cap: number,
  ): Promise<{ readonly items: readonly ProductSummary[]; readonly total: number }> {
    if (query.tsQuery.trim() === '' && query.articles.length === 0) return { items: [], total: 0 };
    const rows = await this.database.rows<Parameters<typeof summaryFromRow>[0] & { total: number }>(sql`
      WITH ${candidates(query, cap)}
      SELECT ${SUMMARY_COLUMNS}, (SELECT count(*) FROM candidates)::int AS total
      FROM candidates c JOIN products p ON p.id = c.id
      ORDER BY c.article_rank DESC, c.rank DESC, p.popularity DESC, p.id
      LIMIT ${limit} OFFSET ${offset}`);
    if (rows.length === 0 && offset > 0) {
      const [count] = await this.database.rows<{ total: number }>(sql`
        WITH ${candidates(query, cap)}
        SELECT count(*)::int AS total FROM candidates`);
      return { items: [], total: Number(count?.total ?? 0) };
    }
    return {
      items: rows.map((row) => summaryFromRow(row, this.media)),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  async lexiconWords(): Promise<readonly LexiconEntry[]> {
    // Word changes a writer recorded but did not fold (it crashed after its commit) are taken in here.
    await foldLexiconChanges(this.database);
    const rows = await this.database.rows<LexiconEntry>(sql`SELECT word, frequency FROM search_lexicon`);
    return rows.map((row) => ({ word: row.word, frequency: Number(row.frequency) }));
  }

  async suggestProducts(
    query: ProductQuery,
    limit: number,
    cap: number,
  ): Promise<readonly SuggestedProduct[]> {
    if (query.tsQuery.trim() === '' && query.articles.length === 0) return [];
    const rows = await this.database.rows<{
      id: number;
      slug: string;
      name: string;
      price: string | number | null;
      price_old: string | number | null;
      main_image_key: string | null;
    }>(sql`
      WITH ${candidates(query, cap)}
      SELECT p.id, p.slug, p.name, p.price, p.price_old, p.main_image_key
      FROM candidates c JOIN products p ON p.id = c.id
      ORDER BY c.article_rank DESC, c.rank DESC, p.popularity DESC, p.id
      LIMIT ${limit}`);
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      url: `/product/${row.slug}`,
      price: row.price === null ? null : Number(row.price),
      price_old: row.price_old === null ? null : Number(row.price_old),
      // The smallest rendered width: a suggestion shows a 40 px picture.
      thumb_url: row.main_image_key
        ? (this.media.image(row.main_image_key, '').sources[0]?.url ?? this.media.url(row.main_image_key))
        : null,
    }));
  }

  async categoriesMatching(tsQuery: string, limit: number): Promise<readonly SuggestedCategory[]> {
    if (tsQuery.trim() === '') return [];
    // The expression is the one indexed by categories_name_search_idx (migration 0009).
    const rows = await this.database.rows<{ id: number; slug: string; name: string; path: string }>(sql`
      SELECT c.id, c.slug, c.name, c.path
      FROM categories c
      WHERE c.active
        AND to_tsvector('russian', replace(lower(c.name), 'ё', 'е')) @@ to_tsquery('russian', ${tsQuery})
      ORDER BY c.level, c.sort_order, c.id
      LIMIT ${limit}`);
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      url: `/category/${row.path}`,
    }));
  }
}

/**
 * Adds the word changes recorded by the catalogue triggers (migration 0014) to the lexicon; called after
 * every back-office write and before the lexicon is read. Cheap when nothing is pending.
 */
export async function foldLexiconChanges(database: Database): Promise<void> {
  await database.rows(sql`SELECT fold_search_lexicon_changes()`);
}
