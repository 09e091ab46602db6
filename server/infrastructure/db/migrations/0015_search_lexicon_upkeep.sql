CREATE TABLE "search_lexicon_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_sku_search_idx" ON "products" USING gin (regexp_replace(replace(lower("sku"), 'ё', 'е'), '[^a-zа-я0-9]+', '', 'g') gin_trgm_ops);--> statement-breakpoint
-- Issue 25, item 6: the typo-correction lexicon was built only when the demo catalogue was seeded, so
-- a product made in the back office was «corrected» into another word («тестовый» → «терракотовый»).
-- From here on every write to products or categories (editor, bulk edit, import, delete, restore,
-- hide) records the change of word counts it makes, inside its own transaction, and the fold below
-- adds them to search_lexicon once the write is committed (docs/api.md, «The lexicon follows the
-- back office»). Words are split and normalised exactly as the search vectors are (lower case, ё → е).
CREATE FUNCTION search_lexicon_words(content text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT word FROM regexp_split_to_table(replace(lower(content), 'ё', 'е'), '[^a-zа-я0-9]+') AS word
  WHERE length(word) >= 2
$$;
--> statement-breakpoint
-- What of a product the lexicon counts: its searchable text, only while a shopper can see it.
CREATE FUNCTION search_lexicon_product_text(name text, category_name text, material text, colour text,
  style text, collection text, brand text, deleted_at timestamptz, hidden boolean) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN deleted_at IS NULL AND NOT hidden
    THEN concat_ws(' ', name, category_name, material, colour, style, collection, brand) END
$$;
--> statement-breakpoint
CREATE FUNCTION search_lexicon_track_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_lexicon_changes (word, delta)
    SELECT w, count(*)::int FROM new_rows r,
      search_lexicon_words(search_lexicon_product_text(r.name, r.category_name, r.material, r.colour,
        r.style, r.collection, r.brand, r.deleted_at, r.hidden)) AS w
    GROUP BY w;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_lexicon_changes (word, delta)
    SELECT w, -count(*)::int FROM old_rows r,
      search_lexicon_words(search_lexicon_product_text(r.name, r.category_name, r.material, r.colour,
        r.style, r.collection, r.brand, r.deleted_at, r.hidden)) AS w
    GROUP BY w;
  ELSE
    -- Most updates (stock, price, popularity) change no word: nothing is written then.
    INSERT INTO search_lexicon_changes (word, delta)
    SELECT w, sum(d)::int FROM (
      SELECT w, 1 AS d FROM new_rows r,
        search_lexicon_words(search_lexicon_product_text(r.name, r.category_name, r.material, r.colour,
          r.style, r.collection, r.brand, r.deleted_at, r.hidden)) AS w
      UNION ALL
      SELECT w, -1 FROM old_rows r,
        search_lexicon_words(search_lexicon_product_text(r.name, r.category_name, r.material, r.colour,
          r.style, r.collection, r.brand, r.deleted_at, r.hidden)) AS w
    ) counted
    GROUP BY w HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_lexicon_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_track_products();
--> statement-breakpoint
CREATE TRIGGER products_lexicon_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_track_products();
--> statement-breakpoint
CREATE TRIGGER products_lexicon_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_track_products();
--> statement-breakpoint
CREATE FUNCTION search_lexicon_track_categories() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_lexicon_changes (word, delta)
    SELECT w, count(*)::int FROM new_rows r, search_lexicon_words(r.name) AS w WHERE r.active GROUP BY w;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_lexicon_changes (word, delta)
    SELECT w, -count(*)::int FROM old_rows r, search_lexicon_words(r.name) AS w WHERE r.active GROUP BY w;
  ELSE
    INSERT INTO search_lexicon_changes (word, delta)
    SELECT w, sum(d)::int FROM (
      SELECT w, 1 AS d FROM new_rows r, search_lexicon_words(r.name) AS w WHERE r.active
      UNION ALL
      SELECT w, -1 FROM old_rows r, search_lexicon_words(r.name) AS w WHERE r.active
    ) counted
    GROUP BY w HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_lexicon_insert AFTER INSERT ON categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_track_categories();
--> statement-breakpoint
CREATE TRIGGER categories_lexicon_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_track_categories();
--> statement-breakpoint
CREATE TRIGGER categories_lexicon_delete AFTER DELETE ON categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_track_categories();
--> statement-breakpoint
-- Adds the recorded changes to the lexicon, after their writes committed. One fold at a time (the
-- advisory lock), each word's row updated in word order; a word no visible product or category uses
-- any more leaves. Returns how many words changed.
CREATE FUNCTION fold_search_lexicon_changes() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('fold_search_lexicon_changes'));
  WITH taken AS (DELETE FROM search_lexicon_changes RETURNING word, delta),
  summed AS (SELECT word, sum(delta)::int AS delta FROM taken GROUP BY word HAVING sum(delta) <> 0)
  INSERT INTO search_lexicon AS s (word, frequency)
  SELECT word, delta FROM summed ORDER BY word
  ON CONFLICT (word) DO UPDATE SET frequency = s.frequency + EXCLUDED.frequency;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    DELETE FROM search_lexicon WHERE frequency <= 0;
  END IF;
  RETURN changed;
END
$$;
--> statement-breakpoint
-- Builds the whole lexicon from the catalogue as it is (the seed calls it; here it takes in the
-- products made in the back office before this migration). One rebuild or fold at a time.
CREATE FUNCTION rebuild_search_lexicon() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  words integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('fold_search_lexicon_changes'));
  DELETE FROM search_lexicon_changes;
  DELETE FROM search_lexicon;
  INSERT INTO search_lexicon (word, frequency)
  SELECT w, count(*)::int FROM (
    SELECT search_lexicon_words(search_lexicon_product_text(p.name, p.category_name, p.material, p.colour,
      p.style, p.collection, p.brand, p.deleted_at, p.hidden)) AS w
    FROM products p
    UNION ALL
    SELECT search_lexicon_words(c.name) FROM categories c WHERE c.active
  ) counted
  GROUP BY w;
  GET DIAGNOSTICS words = ROW_COUNT;
  RETURN words;
END
$$;
--> statement-breakpoint
SELECT rebuild_search_lexicon();
