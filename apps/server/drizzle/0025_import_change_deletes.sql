-- A bulk change set (POST /api/product/bulk) may delete products: the delete is noted with the
-- import's other changes, naming the recycle bin entry that holds the row, so undoing the change set
-- brings the row back from the bin.
ALTER TABLE "import_changes" ADD COLUMN "bin_entry_id" integer;
