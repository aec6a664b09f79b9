-- Catalogue search inside one family (docs/decisions/0004-search-and-cache.md). With btree_gin the
-- family id and the search text's trigrams live in one GIN index, so a search reads and rechecks only
-- its family's candidates; with the trigram index alone the planner either ANDs in a 20 000-entry
-- family bitmap or rechecks every family's candidates (word_similarity() on each) and filters after.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_family_search_trgm_idx" ON "products" USING gin ("family_id", "search_text" gin_trgm_ops);
