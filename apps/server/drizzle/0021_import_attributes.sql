-- The import's staging rows carry the attribute values of a file's attr.<key> columns (custom: import_rows is not in schema.ts).
ALTER TABLE "import_rows" ADD COLUMN IF NOT EXISTS "attributes" jsonb;
