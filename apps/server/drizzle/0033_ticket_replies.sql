-- The thread of a support ticket (issue 29 item 8, docs/decisions.md "Ticket threads"): replies by the customer
-- and by support, and the status changes support makes ("Teresa Reyes marked this Resolved"), in the order they
-- happened. The ticket's subject and first message stay the customer's own words; support answers here.
CREATE TABLE IF NOT EXISTS "ticket_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"message" text,
	"status" "ticket_status",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- Written order: a reply and the status change it makes share one transaction's now().
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	CONSTRAINT "ticket_replies_kind" CHECK ("ticket_replies"."kind" IN ('message', 'status')),
	CONSTRAINT "ticket_replies_shape" CHECK (("ticket_replies"."kind" = 'message') = ("ticket_replies"."message" IS NOT NULL) AND ("ticket_replies"."kind" = 'status') = ("ticket_replies"."status" IS NOT NULL))
);--> statement-breakpoint
ALTER TABLE "ticket_replies" DROP CONSTRAINT IF EXISTS "ticket_replies_ticket_id_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" DROP CONSTRAINT IF EXISTS "ticket_replies_author_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_replies_ticket_created_idx" ON "ticket_replies" USING btree ("ticket_id","created_at");
