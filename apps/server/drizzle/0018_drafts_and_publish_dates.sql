ALTER TABLE "families" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_draft_publish_at_idx" ON "products" USING btree ("publish_at") WHERE "products"."status" = 'draft';--> statement-breakpoint
-- The import's staging rows carry the optional product status (custom: import_rows is not in schema.ts).
ALTER TABLE "import_rows" ADD COLUMN IF NOT EXISTS "status" text;
