CREATE TABLE "image_job_changes" (
	"job_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"slot" text NOT NULL,
	"before" text,
	"after" text NOT NULL,
	CONSTRAINT "image_job_changes_job_id_product_id_slot_pk" PRIMARY KEY("job_id","product_id","slot")
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "image_jobs" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "image_job_changes" ADD CONSTRAINT "image_job_changes_job_id_image_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."image_jobs"("id") ON DELETE cascade ON UPDATE no action;