-- Tracker issue 13: suggestions while typing. The last typed word is completed from the lexicon by
-- prefix — a byte-wise range over this btree (text_pattern_ops, independent of the collation) — and
-- category names are matched with the same `russian` full-text configuration as products, through an
-- expression index the suggestions query repeats word for word.
CREATE INDEX IF NOT EXISTS "search_lexicon_word_prefix_idx" ON "search_lexicon" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_name_search_idx" ON "categories" USING gin (to_tsvector('russian', replace(lower("name"), 'ё', 'е')));
