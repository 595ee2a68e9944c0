-- A key made by the Shopify connection (POST /sms/otp/shopify/verification) books with source `shopify`;
-- keys made in the API keys calls stay `external`.
ALTER TABLE "api_keys" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'external' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT IF EXISTS "api_keys_source";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_source" CHECK ("api_keys"."source" IN ('external', 'shopify'));
