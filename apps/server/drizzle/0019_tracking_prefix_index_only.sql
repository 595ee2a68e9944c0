-- A tracking-number prefix search (resolveSearch) reads its matches' ids and booking times from this index
-- alone. The index it replaces held the numbers only, so every match cost a table row: a five-character prefix
-- matches some 800 of 1,000,000 shipments, 0.5 to 2.7 ms of reading rows against 0.1 ms in the index.
-- Deleted shipments are never searched, so they are left out of it.
CREATE INDEX IF NOT EXISTS "shipments_tracking_prefix_live_idx" ON "shipments" USING btree ("tracking_number" text_pattern_ops) INCLUDE ("created_at", "id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "shipments_tracking_number_prefix_idx";--> statement-breakpoint
-- Index scans allowed now (index-only above); bitmap scans not: they read the table for every match.
CREATE OR REPLACE FUNCTION "shipments_matching_tracking_range"("low" text, "high" text, "cap" integer) RETURNS TABLE ("id" uuid, "created_at" timestamptz)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET enable_seqscan = off SET enable_bitmapscan = off
  AS $$ SELECT s."id", s."created_at" FROM "shipments" s WHERE s."tracking_number" ~>=~ "low" AND s."tracking_number" ~<~ "high" AND s."deleted_at" IS NULL LIMIT "cap" $$;
