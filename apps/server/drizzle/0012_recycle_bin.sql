CREATE TABLE "bin_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bin_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"family_id" integer NOT NULL,
	"parent_id" integer,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"moved_products" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "bin_entries_entity_check" CHECK ("bin_entries"."entity" in ('family', 'category', 'product'))
);
--> statement-breakpoint
CREATE TABLE "bin_rows" (
	"entry_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "bin_rows_entry_id_entity_entity_id_pk" PRIMARY KEY("entry_id","entity","entity_id")
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "bin_entry_id" integer;--> statement-breakpoint
ALTER TABLE "bin_rows" ADD CONSTRAINT "bin_rows_entry_id_bin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."bin_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bin_entries_at_idx" ON "bin_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "bin_entries_family_idx" ON "bin_entries" USING btree ("family_id","id");