-- A rider's cash short of what was due (issue 29, item 5): the shortfall in cents and the rider's reason, on
-- the cash payment that fell short, so the rider, the shipment page and the collections desk all show it.
-- Both null on every other payment; the amounts themselves are untouched (the shipment stays Partially Paid).
ALTER TABLE "transactions" ADD COLUMN "short_in_cents" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "short_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_short_check" CHECK (("short_in_cents" is null and "short_reason" is null) or ("short_in_cents" > 0 and "short_reason" is not null));
