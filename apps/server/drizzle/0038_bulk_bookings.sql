-- Bulk booking from a spreadsheet (issue 33, docs/decisions.md "Bulk booking"): an uploaded file as a batch with
-- a state (checked, then booked once on confirm) and its rows (what each asks, why it is wrong, the shipment it became).
CREATE TABLE "bulk_booking_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"state" text DEFAULT 'checking' NOT NULL,
	"total_rows" integer NOT NULL,
	"checked_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"booked_rows" integer DEFAULT 0 NOT NULL,
	"total_in_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_booking_batches_state" CHECK ("bulk_booking_batches"."state" IN ('checking', 'checked', 'booking', 'booked'))
);--> statement-breakpoint
CREATE TABLE "bulk_booking_rows" (
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"booking" jsonb,
	"expected_total_in_cents" integer,
	"problems" jsonb,
	"shipment_id" uuid,
	"tracking_number" text,
	CONSTRAINT "bulk_booking_rows_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number")
);--> statement-breakpoint
ALTER TABLE "bulk_booking_batches" ADD CONSTRAINT "bulk_booking_batches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_booking_batches" ADD CONSTRAINT "bulk_booking_batches_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_booking_rows" ADD CONSTRAINT "bulk_booking_rows_batch_id_bulk_booking_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."bulk_booking_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_booking_rows" ADD CONSTRAINT "bulk_booking_rows_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_booking_batches_created_by_idx" ON "bulk_booking_batches" USING btree ("created_by_id","created_at");
