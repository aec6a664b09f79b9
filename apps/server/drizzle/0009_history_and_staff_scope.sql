CREATE TABLE "activity" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"family_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_changes" (
	"import_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"before" jsonb,
	CONSTRAINT "import_changes_import_id_entity_entity_id_pk" PRIMARY KEY("import_id","entity","entity_id")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"family_id" integer,
	"counts" jsonb NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "families" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_entity_idx" ON "activity" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "activity_family_idx" ON "activity" USING btree ("family_id","id");--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at");--> statement-breakpoint
CREATE INDEX "import_runs_family_idx" ON "import_runs" USING btree ("family_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'editor', 'user'));--> statement-breakpoint
-- An import's writes, as they happen: set-based statement triggers (one call per statement, not per
-- row) that record the ids an import created and the rows it updated as they were, while the
-- import's transaction has set dalil.import_run. Other writes pay one function call that returns.
CREATE FUNCTION import_changes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE run text := current_setting('dalil.import_run', true);
BEGIN
  IF run IS NULL OR run = '' THEN RETURN NULL; END IF;
  INSERT INTO import_changes (import_id, entity, entity_id, before)
    SELECT run::integer, TG_ARGV[0], n.id, NULL FROM new_rows n ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION import_changes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE run text := current_setting('dalil.import_run', true);
BEGIN
  IF run IS NULL OR run = '' THEN RETURN NULL; END IF;
  INSERT INTO import_changes (import_id, entity, entity_id, before)
    SELECT run::integer, TG_ARGV[0], o.id, to_jsonb(o) FROM old_rows o ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER families_import_inserted AFTER INSERT ON families REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION import_changes_inserted('family');--> statement-breakpoint
CREATE TRIGGER families_import_updated AFTER UPDATE ON families REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION import_changes_updated('family');--> statement-breakpoint
CREATE TRIGGER categories_import_inserted AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION import_changes_inserted('category');--> statement-breakpoint
CREATE TRIGGER categories_import_updated AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION import_changes_updated('category');--> statement-breakpoint
CREATE TRIGGER products_import_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION import_changes_inserted('product');--> statement-breakpoint
CREATE TRIGGER products_import_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION import_changes_updated('product');
