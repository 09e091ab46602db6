-- Tracker issue 13: suggestions while typing. Category names are matched with the same `russian`
-- full-text configuration as products, through an expression index the suggestions query repeats word
-- for word. (The word being typed is completed from the lexicon held in memory by the search service.)
CREATE INDEX IF NOT EXISTS "categories_name_search_idx" ON "categories" USING gin (to_tsvector('russian', replace(lower("name"), 'ё', 'е')));
