-- Invoice-account settings of a business (billing reads them), the activity log's status column (GET /activities
-- ?status=), and indexes for business members and account managers.
ALTER TABLE "activity_logs" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "invoice_billing_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "payment_terms_in_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "credit_limit_in_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_account_manager_idx" ON "businesses" USING btree ("account_manager_id");--> statement-breakpoint
CREATE INDEX "users_business_idx" ON "users" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_payment_terms" CHECK ("businesses"."payment_terms_in_days" BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_credit_limit_non_negative" CHECK ("businesses"."credit_limit_in_cents" >= 0);