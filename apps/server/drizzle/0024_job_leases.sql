-- Background work survives its process (lib/job-lease.ts): every claim names the process that holds it,
-- which renews a short lease while the work runs; another process takes over a claim whose lease ran
-- out. Imports get a lease row of their own, which keeps their staging rows alive.
CREATE TABLE "import_leases" (
	"import_id" bigint PRIMARY KEY NOT NULL,
	"lease_owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "image_jobs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "leased_by" text;