-- The expiry sweep (payments/expiry-sweep.ts) closes links left pending every minute: it reads only those.
CREATE INDEX "card_tokens_pending_idx" ON "card_tokens" USING btree ("created_at") WHERE "card_tokens"."status" = 'pending';
