-- Riders (issue 11 part B). An offline rider's action reaches the server later than it happened: each keeps
-- the phone's time beside the server's (created_at), so staff see both and a phone kept offline to fake times
-- shows. Delivery to someone other than the recipient records who took the parcel.
ALTER TABLE "shipment_activities" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_activities" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "proof_images" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
-- A dispatcher's assignment tells the rider (in-app and push).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type" CHECK ("notifications"."type" IN ('shipment_booked', 'courier_on_the_way', 'picked_up', 'out_for_delivery', 'delivered', 'delivery_failed', 'cancelled', 'payment_received', 'wallet_topped_up', 'ticket_updated', 'rider_assigned'));--> statement-breakpoint
-- The dispatcher's picker: riders serving a city (service_area_codes @> ARRAY[code]).
CREATE INDEX "users_service_area_idx" ON "users" USING gin ("service_area_codes");--> statement-breakpoint
-- A rider's assignments, newest first (GET /shipments/me/rider): each leg's own range of live shipments.
CREATE INDEX "shipments_pickup_rider_list_idx" ON "shipments" USING btree ("pickup_rider_id", "created_at", "id") WHERE "deleted_at" IS NULL AND "pickup_rider_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shipments_drop_off_rider_list_idx" ON "shipments" USING btree ("drop_off_rider_id", "created_at", "id") WHERE "deleted_at" IS NULL AND "drop_off_rider_id" IS NOT NULL;
