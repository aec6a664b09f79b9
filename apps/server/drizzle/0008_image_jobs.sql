CREATE TABLE "image_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_key" integer NOT NULL,
	"state" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"files" jsonb NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_jobs_state" CHECK ("image_jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "image_jobs_active_family_key" ON "image_jobs" USING btree ("family_key") WHERE "image_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "image_jobs_created_idx" ON "image_jobs" USING btree ("created_at");