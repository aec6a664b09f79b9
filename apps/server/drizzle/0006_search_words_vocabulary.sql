-- Word-level catalogue search (docs/decisions/0024-word-search.md). A custom migration, like 0002:
-- these objects serve only the search module's SQL, so schema.ts is left as it is.
-- The words of each product's search text, split on the separators of the contracts' search analysis
-- (SEARCH_WORD_SEPARATORS in packages/contracts/src/search-analysis.ts; a test checks both agree), with
-- apostrophes removed first. Generated, so every write path (the products service, imports, seeds,
-- tests) fills it without knowing of it, and existing rows get it now.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_words" text[] GENERATED ALWAYS AS (
  array_remove(regexp_split_to_array(translate("search_text", '''’`', ''), '[ !"#$%&()*+,\-./:;<=>?@\[\]\\^_{|}~،؛؟٪٫٬«»…–—]+'), '')
) STORED;--> statement-breakpoint
-- A search reads its family's rows that hold any of a query word's accepted forms: the family id and the
-- words in one GIN index (btree_gin, migration 0004).
CREATE INDEX IF NOT EXISTS "products_family_search_words_idx" ON "products" USING gin ("family_id", "search_words");--> statement-breakpoint
-- Trigram matching on the family's names is gone from the search; the admin list keeps its own
-- trigram index (products_search_trgm_idx).
DROP INDEX IF EXISTS "products_family_search_trgm_idx";--> statement-breakpoint
-- Each family's vocabulary: every word of its products, with the number of products holding it (a
-- word twice in one product's names counts once). The
-- search stems it and matches typos and prefixes against it; did-you-mean suggests from it.
CREATE TABLE IF NOT EXISTS "search_vocabulary" (
  "family_id" integer NOT NULL REFERENCES "families"("id") ON DELETE CASCADE,
  "word" text NOT NULL,
  "products" integer NOT NULL,
  PRIMARY KEY ("family_id", "word")
);--> statement-breakpoint
-- Kept up to date by statement-level triggers on products, whatever the write path (one product, an
-- import of 100 000, a cascade from a deleted family or category): each statement adds the words of
-- its new rows and takes away those of its old rows, in one grouped upsert (count(DISTINCT id) over
-- the whole statement: a per-row DISTINCT subquery made a 100 000-row insert 12 s slower on PGlite).
-- Rows in key order, so two concurrent writers lock vocabulary rows in the same order.
CREATE OR REPLACE FUNCTION "search_vocabulary_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocabulary AS v (family_id, word, products)
    SELECT n.family_id, w, count(DISTINCT n.id)::int FROM new_rows n, unnest(n.search_words) AS w
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (family_id, word) DO UPDATE SET products = v.products + excluded.products;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Words no product holds any more are removed by each trigger; this partial index finds them.
CREATE INDEX IF NOT EXISTS "search_vocabulary_unused_idx" ON "search_vocabulary" ("family_id") WHERE "products" <= 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_vocabulary_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_vocabulary v SET products = v.products - gone.n
  FROM (
    SELECT o.family_id, w AS word, count(DISTINCT o.id)::int AS n FROM old_rows o, unnest(o.search_words) AS w
    GROUP BY 1, 2 ORDER BY 1, 2
  ) gone
  WHERE v.family_id = gone.family_id AND v.word = gone.word;
  DELETE FROM search_vocabulary WHERE products <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_vocabulary_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose words or family changed move the vocabulary.
  INSERT INTO search_vocabulary AS v (family_id, word, products)
    SELECT family_id, word, sum(n)::int FROM (
      SELECT DISTINCT o.id, o.family_id, w AS word, -1 AS n
      FROM old_rows o JOIN new_rows c ON c.id = o.id, unnest(o.search_words) AS w
      WHERE o.search_words IS DISTINCT FROM c.search_words OR o.family_id <> c.family_id
      UNION ALL
      SELECT DISTINCT c.id, c.family_id, w, 1
      FROM old_rows o JOIN new_rows c ON c.id = o.id, unnest(c.search_words) AS w
      WHERE o.search_words IS DISTINCT FROM c.search_words OR o.family_id <> c.family_id
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (family_id, word) DO UPDATE SET products = v.products + excluded.products;
  DELETE FROM search_vocabulary WHERE products <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_vocabulary_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_vocabulary_add"();--> statement-breakpoint
CREATE TRIGGER "products_search_vocabulary_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_vocabulary_remove"();--> statement-breakpoint
CREATE TRIGGER "products_search_vocabulary_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_vocabulary_change"();--> statement-breakpoint
INSERT INTO "search_vocabulary" ("family_id", "word", "products")
  SELECT family_id, w, count(DISTINCT id)::int FROM products, unnest(search_words) AS w GROUP BY 1, 2
  ON CONFLICT DO NOTHING;
