-- drizzle-kit does not emit CREATE EXTENSION (stack.md gotcha 4): the trigram index on the search
-- lexicon needs pg_trgm, and unaccent is available to search queries. Both ship with PostgreSQL 15
-- contrib and with PGlite (loaded by the PGlite client).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
