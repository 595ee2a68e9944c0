-- Booking on account (docs/decisions.md "Booking on account"): every booking a business makes on its invoice
-- account sums what the business still owes on it, with the business row locked (modules/shipments/on-account.ts).
-- This index holds only the unpaid, uncancelled, live on-account shipments with their totals, so the sum reads
-- a few index entries (index-only) instead of every shipment the business ever booked.
CREATE INDEX IF NOT EXISTS "shipments_on_account_owed_idx" ON "shipments" USING btree ("business_id") INCLUDE ("total_in_cents") WHERE "payment_method" = 'invoice' AND "status" <> 'Cancelled' AND "payment_status" <> 'Paid' AND "deleted_at" IS NULL;
