-- The import's staging rows carry every product field an export writes (custom: import_rows is not in schema.ts).
ALTER TABLE "import_rows" ADD COLUMN IF NOT EXISTS "cost" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN IF NOT EXISTS "description_en" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN IF NOT EXISTS "description_ar" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN IF NOT EXISTS "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN IF NOT EXISTS "image" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN IF NOT EXISTS "logo" text;
