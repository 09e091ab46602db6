import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Distinct words of the catalogue (names, categories, materials, colours, styles) with how often they
 * occur. Typo correction runs trigram similarity over this small table — never over products.
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
    frequency: integer('frequency').notNull().default(1),
  },
  (table) => [index('search_lexicon_word_trgm_idx').using('gist', sql`${table.word} gist_trgm_ops`)],
);
