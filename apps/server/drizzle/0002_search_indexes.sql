-- Catalogue search (docs/decisions/0004-search-and-cache.md). A custom migration, like 0000:
-- these indexes serve only the search module's SQL, so schema.ts is left as it is.
-- Barcode and code prefix matches: text_pattern_ops lets `LIKE '628%'` use a btree range under any
-- collation (PostgreSQL 15 with C.UTF-8 does not treat the default collation as C).
CREATE INDEX IF NOT EXISTS "products_family_barcode_pattern_idx" ON "products" USING btree ("family_id", "barcode" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_family_number_pattern_idx" ON "products" USING btree ("family_id", "number" text_pattern_ops);--> statement-breakpoint
-- An empty search in one category lists it by Arabic name: read in index order, no sort.
CREATE INDEX IF NOT EXISTS "products_category_name_idx" ON "products" USING btree ("category_id", "name_ar", "id");
