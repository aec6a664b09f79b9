-- A row an import creates is noted as it was inserted, from the insert's transition table: the
-- import's end then notes only the rows it updated (and any it created and wrote again), instead of
-- rewriting a note for every created row. An update in the import clears the note of a row the same
-- import created, so the end notes it again as it is then.
CREATE OR REPLACE FUNCTION import_changes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE run text := current_setting('dalil.import_run', true);
BEGIN
  IF run IS NULL OR run = '' THEN RETURN NULL; END IF;
  INSERT INTO import_changes (import_id, entity, entity_id, before, after)
    SELECT run::integer, TG_ARGV[0], n.id, NULL, to_jsonb(n) FROM new_rows n ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION import_changes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE run text := current_setting('dalil.import_run', true);
BEGIN
  IF run IS NULL OR run = '' THEN RETURN NULL; END IF;
  INSERT INTO import_changes (import_id, entity, entity_id, before)
    SELECT run::integer, TG_ARGV[0], o.id, to_jsonb(o) FROM old_rows o
    ON CONFLICT (import_id, entity, entity_id) DO UPDATE SET after = NULL
    WHERE import_changes.after IS NOT NULL;
  RETURN NULL;
END $$;
