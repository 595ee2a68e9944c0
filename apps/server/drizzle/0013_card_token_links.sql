-- Linking a bank or e-wallet reserves the saved method before the provider is called (after the commit, like
-- every payment start): until the provider answers, the row has no provider token id. The unique index
-- (provider, provider_method_id) stays: NULLs do not collide.
ALTER TABLE "card_tokens" ALTER COLUMN "provider_method_id" DROP NOT NULL;--> statement-breakpoint
-- The call's return addresses, then the provider's authorisation page (a retry with the same key answers it).
ALTER TABLE "card_tokens" ADD COLUMN "link_details" jsonb;--> statement-breakpoint
-- Only a method the provider knows can be charged.
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_active_has_provider_id" CHECK ("card_tokens"."status" <> 'active' OR "card_tokens"."provider_method_id" IS NOT NULL);
