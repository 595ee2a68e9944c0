-- The back office's shipment lists at any depth (lists.service.ts): newest first, all shipments or one
-- delivery-status tab, with the filters people combine most (status, delivery type and service type,
-- sender or receiver province) carried in the index. A page deep in a filtered list then walks index
-- entries only (an index-only scan, no table row read for the rows it skips). Written by hand: drizzle's
-- index builder has no INCLUDE; drizzle-kit does not know these indexes and leaves them alone.
CREATE INDEX "shipments_list_idx" ON "shipments" USING btree ("created_at", "id") INCLUDE ("status", "delivery_status", "delivery_type", "shipment_type", "sender_province_code", "receiver_province_code") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shipments_tab_idx" ON "shipments" USING btree ("delivery_status", "created_at", "id") INCLUDE ("status", "delivery_type", "shipment_type", "sender_province_code", "receiver_province_code") WHERE "deleted_at" IS NULL;
