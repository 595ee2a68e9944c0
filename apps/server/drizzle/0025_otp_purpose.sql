-- Every one-time code has a purpose and is checked only for it (issue 28, docs/decisions.md "One-time codes have a
-- purpose"): a code sent to connect a Shopify store no longer signs anyone in, and a sign-in code no longer makes an
-- API key. The column existed unused (default 'login'): codes stored before are sign-in codes. `subject` is what a
-- code acts on (a store connection's shop domain), named in its SMS and required at the check.
UPDATE "otp_codes" SET "purpose" = 'customer_sign_in' WHERE "purpose" NOT IN ('customer_sign_in', 'rider_sign_in', 'store_connection');--> statement-breakpoint
ALTER TABLE "otp_codes" ALTER COLUMN "purpose" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN IF NOT EXISTS "subject" text;--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT IF EXISTS "otp_codes_purpose";--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_purpose" CHECK ("otp_codes"."purpose" IN ('customer_sign_in', 'rider_sign_in', 'store_connection'));--> statement-breakpoint
-- A check reads the newest live code of a number and purpose, a resend retires the live ones of a number and
-- purpose, and store connection counts a number's asks of its purpose in the last hour: all on this index. The
-- number-and-time index stays for the limits shared by every purpose (30 s wait, 5 an hour).
CREATE INDEX IF NOT EXISTS "otp_codes_mobile_purpose_created_idx" ON "otp_codes" USING btree ("mobile_number","purpose","created_at");
