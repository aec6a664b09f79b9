CREATE TABLE "attributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_id" integer NOT NULL,
	"key" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"group_ar" text,
	"group_en" text,
	"type" text NOT NULL,
	"unit" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"required" text DEFAULT 'none' NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "completeness_ar" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "completeness_en" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_family_key_key" ON "attributes" USING btree ("family_id","key");--> statement-breakpoint
CREATE INDEX "attributes_family_position_idx" ON "attributes" USING btree ("family_id","position","id");--> statement-breakpoint
CREATE INDEX "products_family_completeness_ar_idx" ON "products" USING btree ("family_id","completeness_ar");--> statement-breakpoint
CREATE INDEX "products_family_completeness_en_idx" ON "products" USING btree ("family_id","completeness_en");--> statement-breakpoint
-- Existing products have no attribute values yet: each language counts its name, and a barcode that is
-- not a valid GTIN, in a family that allows one, as an item left to fill (lib/completeness.ts).
UPDATE "products" SET
	"completeness_ar" = (100 * ("products"."name_ar" <> '')::int) / (1 + b.bad),
	"completeness_en" = (100 * ("products"."name_en" <> '')::int) / (1 + b.bad)
FROM (
	SELECT p.id, (NOT f.require_valid_gtin AND p.barcode IS NOT NULL AND NOT (
		p.barcode ~ '^([0-9]{8}|[0-9]{12,14})$'
		AND (SELECT sum(substr(p.barcode, i, 1)::int * CASE WHEN (length(p.barcode) - i) % 2 = 1 THEN 3 ELSE 1 END)
			FROM generate_series(1, length(p.barcode)) i) % 10 = 0))::int AS bad
	FROM "products" p JOIN "families" f ON f.id = p.family_id
) b
WHERE b.id = "products"."id";
