-- The transactions desk (GET /transaction) pages payments newest received first; without this index every
-- page sorted the whole table.
CREATE INDEX IF NOT EXISTS "transactions_received_idx" ON "transactions" USING btree ("received_at","id");
