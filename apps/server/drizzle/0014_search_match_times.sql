-- A search's matches come back with their booking times, so a search with no other filter is paged from
-- them directly: its page's ids, in order, and its exact total, without a second pass over every match
-- (at 1,000,000 shipments a full name matches hundreds, and that second pass read each of them again).
DROP FUNCTION IF EXISTS "shipments_matching_name"(text, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "shipments_matching_tracking_range"(text, text, integer);--> statement-breakpoint
CREATE FUNCTION "shipments_matching_name"("pattern" text, "cap" integer) RETURNS TABLE ("id" uuid, "created_at" timestamptz)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
  AS $$ SELECT s."id", s."created_at" FROM "shipments" s WHERE (s."sender_name" ILIKE "pattern" OR s."receiver_name" ILIKE "pattern") AND s."deleted_at" IS NULL LIMIT "cap" $$;--> statement-breakpoint
CREATE FUNCTION "shipments_matching_tracking_range"("low" text, "high" text, "cap" integer) RETURNS TABLE ("id" uuid, "created_at" timestamptz)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
  AS $$ SELECT s."id", s."created_at" FROM "shipments" s WHERE s."tracking_number" ~>=~ "low" AND s."tracking_number" ~<~ "high" AND s."deleted_at" IS NULL LIMIT "cap" $$;
