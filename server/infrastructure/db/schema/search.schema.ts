import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Distinct words of the shopper-visible catalogue (names, categories, materials, colours, styles) with
 * how often they occur. Typo correction runs trigram similarity over this small table — never over
 * products. Kept current by triggers on products and categories (migration 0014) through
 * `search_lexicon_changes`, folded in by `fold_search_lexicon_changes()` (docs/api.md, «The lexicon
 * follows the back office»).
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
    frequency: integer('frequency').notNull().default(1),
  },
  (table) => [index('search_lexicon_word_trgm_idx').using('gist', sql`${table.word} gist_trgm_ops`)],
);

/**
 * Word count changes written by the catalogue triggers inside the writing transaction. Append-only with
 * no unique key, so a product write never waits for (or deadlocks on) a lexicon row another write holds;
 * the fold sums them into `search_lexicon` after the commit.
 */
export const searchLexiconChanges = pgTable('search_lexicon_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  word: text('word').notNull(),
  delta: integer('delta').notNull(),
});
