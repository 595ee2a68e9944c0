-- Wallet and payments (issue 12). A payment whose amount differs from what was asked is held for staff
-- instead of credited: the request keeps what arrived and why it was flagged, and who resolved it.
ALTER TABLE "payment_requests" ADD COLUMN "paid_amount_in_cents" bigint;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "method_details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_requests_flagged_idx" ON "payment_requests" USING btree ("flagged_at") WHERE "flagged_at" IS NOT NULL;--> statement-breakpoint
-- A bank or e-wallet being linked waits for the payer's authorisation at the provider: pending until then.
ALTER TABLE "card_tokens" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_status" CHECK ("card_tokens"."status" IN ('pending', 'active', 'failed'));--> statement-breakpoint
-- The wallet's history page filters by type, newest first.
CREATE INDEX "wallet_transactions_user_type_created_idx" ON "wallet_transactions" USING btree ("user_id", "type", "created_at");--> statement-breakpoint
-- The spec's remote flags, on in both sets: a fresh install takes every payment option the sandbox offers.
INSERT INTO "flags" ("key", "description", "test_value", "production_value") VALUES
  ('payments.wallet', 'Pay for shipments with the wallet', true, true),
  ('payments.card', 'Top up the wallet by card', true, true),
  ('payments.direct_debit', 'Top up the wallet by direct debit (BPI, Chinabank, RCBC, Unionbank)', true, true),
  ('payments.ewallet', 'Top up the wallet by e-wallet (GCash, Maya)', true, true),
  ('payments.qr', 'Top up the wallet by QR Ph', true, true)
ON CONFLICT ("key") DO NOTHING;
