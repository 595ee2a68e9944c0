-- Drop-off hubs: Hatid hubs per covered province where senders hand parcels in, kept by staff; a Drop Off
-- shipment records the hub it was booked for.
CREATE TABLE "hubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"province_code" text NOT NULL,
	"address" text NOT NULL,
	"opening_hours" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hubs_in_the_philippines" CHECK ("hubs"."latitude" between 4 and 22 and "hubs"."longitude" between 116 and 127)
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "drop_off_hub_id" uuid;--> statement-breakpoint
ALTER TABLE "hubs" ADD CONSTRAINT "hubs_province_code_covered_provinces_province_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."covered_provinces"("province_code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hubs_province_idx" ON "hubs" USING btree ("province_code");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_drop_off_hub_id_hubs_id_fk" FOREIGN KEY ("drop_off_hub_id") REFERENCES "public"."hubs"("id") ON DELETE restrict ON UPDATE no action;