-- CSV import (docs/decisions/0005-csv-import.md). A custom migration, like 0002: both objects
-- serve only the imports module's SQL, so schema.ts is left as it is.
-- Staging: the upload's valid rows land here in batches (multi-row inserts, no indexes, no WAL), then
-- set-based upserts move them into the catalogue in one transaction. Rows are keyed by import_id and
-- deleted when the import ends; UNLOGGED because they are scratch data that a crash may lose.
CREATE UNLOGGED TABLE IF NOT EXISTS "import_rows" (
	"import_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"family_en" text,
	"family_ar" text,
	"category_en" text,
	"category_ar" text,
	"name_en" text,
	"name_ar" text,
	"barcode" text,
	"number" text,
	"shelf_life" text,
	"net_weight" text,
	"drained_weight" text,
	"units_per_carton" integer,
	"carton_per_palate" integer,
	"search_text" text
);--> statement-breakpoint
-- The natural key of a product without a barcode: (category, English name).
CREATE UNIQUE INDEX IF NOT EXISTS "products_category_name_en_key" ON "products" USING btree ("category_id", lower("name_en")) WHERE "barcode" IS NULL;
