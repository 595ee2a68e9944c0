-- Indexed search: trigram indexes for any part of a name (shipments) or of a user's name, email and number,
-- a pattern-ops btree for the start of a tracking number, and the users list's newest-first order.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "shipments_sender_name_trgm_idx" ON "shipments" USING gin ("sender_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_receiver_name_trgm_idx" ON "shipments" USING gin ("receiver_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_tracking_number_prefix_idx" ON "shipments" USING btree ("tracking_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("mobile_number", '')) gin_trgm_ops);