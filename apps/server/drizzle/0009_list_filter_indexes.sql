-- The back office's shipment lists filtered by delivery type or by a province, at any depth: like the list
-- and tab indexes of 0008, each keeps the other filter columns in the index, so a deep page walks index
-- entries of that one type or province only, newest first, without reading table rows. Extended statistics
-- tell the planner how delivery status, type and provinces go together (same day and intra-city serve a few
-- provinces only), so it picks the index that holds the fewest entries to skip.
CREATE INDEX "shipments_type_list_idx" ON "shipments" USING btree ("delivery_type", "created_at", "id") INCLUDE ("status", "delivery_status", "shipment_type", "sender_province_code", "receiver_province_code") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shipments_sender_list_idx" ON "shipments" USING btree ("sender_province_code", "created_at", "id") INCLUDE ("status", "delivery_status", "delivery_type", "shipment_type", "receiver_province_code") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shipments_receiver_list_idx" ON "shipments" USING btree ("receiver_province_code", "created_at", "id") INCLUDE ("status", "delivery_status", "delivery_type", "shipment_type", "sender_province_code") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- A status tab within a province: its own range, so counting a small tab (exactly, up to 1,000) reads only
-- its entries instead of the whole province's.
CREATE INDEX "shipments_sender_tab_idx" ON "shipments" USING btree ("sender_province_code", "delivery_status", "created_at", "id") INCLUDE ("status", "delivery_type", "shipment_type", "receiver_province_code") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shipments_receiver_tab_idx" ON "shipments" USING btree ("receiver_province_code", "delivery_status", "created_at", "id") INCLUDE ("status", "delivery_type", "shipment_type", "sender_province_code") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "shipments_type_status_stats" (dependencies, mcv) ON "delivery_status", "delivery_type" FROM "shipments";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "shipments_type_places_stats" (dependencies, mcv) ON "delivery_type", "sender_province_code", "receiver_province_code" FROM "shipments";
--> statement-breakpoint
-- The users list's pages at any depth, newest first, in a status tab or all of them, with the account type
-- (the client type filter) in the index; the holders of a role (the role filter) by role.
CREATE INDEX "users_list_idx" ON "users" USING btree ("created_at", "id") INCLUDE ("status", "account_type");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id", "user_id");--> statement-breakpoint
CREATE INDEX "users_status_list_idx" ON "users" USING btree ("status", "created_at", "id") INCLUDE ("account_type");
--> statement-breakpoint
-- Searches by name or by the start of a tracking number (as the range [start, next start) the prefix
-- index serves), candidates first: the planner cannot tell how many
-- rows '%maria santos%' matches (it guesses 1%), and when it guesses many it walks the newest-first index
-- reading a table row per entry, 70,000 reads for a name that 160 shipments carry. These functions find the
-- matches through the trigram and prefix indexes only (bitmap scans; the function's own settings forbid the
-- other paths), at most `cap` of them; the list then pages those ids. A term matching more than the cap (a
-- common surname) goes back to the ordered walk, which finds its first pages quickly.
CREATE FUNCTION "shipments_matching_name"("pattern" text, "cap" integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
  AS $$ SELECT "id" FROM "shipments" WHERE ("sender_name" ILIKE "pattern" OR "receiver_name" ILIKE "pattern") AND "deleted_at" IS NULL LIMIT "cap" $$;--> statement-breakpoint
CREATE FUNCTION "shipments_matching_tracking_range"("low" text, "high" text, "cap" integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
  AS $$ SELECT "id" FROM "shipments" WHERE "tracking_number" ~>=~ "low" AND "tracking_number" ~<~ "high" AND "deleted_at" IS NULL LIMIT "cap" $$;
