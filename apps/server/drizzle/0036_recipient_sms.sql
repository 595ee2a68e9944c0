-- Recipient SMS with a live link (issue 33, docs/decisions.md "Recipient SMS with a live link"): the sender's
-- booking option, each shipment's count of texts and the tracking page's stop, each text claimed once, and the
-- numbers that replied STOP.
ALTER TABLE "shipments" ADD COLUMN IF NOT EXISTS "text_recipient_on_booking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "recipient_sms_shipments" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "recipient_sms_shipments" DROP CONSTRAINT IF EXISTS "recipient_sms_shipments_shipment_id_shipments_id_fk";--> statement-breakpoint
ALTER TABLE "recipient_sms_shipments" ADD CONSTRAINT "recipient_sms_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "recipient_sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "recipient_sms_messages_kind" CHECK ("recipient_sms_messages"."kind" IN ('booked', 'out_for_delivery', 'delivery_failed', 'delivered')),
	CONSTRAINT "recipient_sms_messages_state" CHECK ("recipient_sms_messages"."state" IN ('sending', 'sent'))
);--> statement-breakpoint
ALTER TABLE "recipient_sms_messages" DROP CONSTRAINT IF EXISTS "recipient_sms_messages_shipment_id_shipments_id_fk";--> statement-breakpoint
ALTER TABLE "recipient_sms_messages" ADD CONSTRAINT "recipient_sms_messages_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "recipient_sms_messages_once_uq" ON "recipient_sms_messages" USING btree ("shipment_id","kind","day");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sms_opt_outs" (
	"mobile_number" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
