CREATE TABLE "feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_id" integer NOT NULL,
	"url" text NOT NULL,
	"schedule" text NOT NULL,
	"time_zone" text NOT NULL,
	"mode" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"next_run_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_outcome" text,
	"last_import_id" integer,
	"last_message" text,
	"created_by_id" integer,
	"created_by_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feeds_mode_check" CHECK ("feeds"."mode" in ('all-or-nothing', 'valid-rows'))
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "feed_id" integer;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "report" jsonb;--> statement-breakpoint
CREATE INDEX "feeds_next_run_idx" ON "feeds" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "feeds_family_idx" ON "feeds" USING btree ("family_id");