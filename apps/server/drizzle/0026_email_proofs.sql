-- An email belongs to an account once its owner proves it (docs/decisions.md "Email proof"): a link sent to
-- the address. `users.email_verified_at` says when the account's email was proven (null: typed by staff, or
-- from before proofs existed); `email_proofs` holds the links sent (only the token's SHA-256), single use,
-- 24 hours. A new email asked for through PUT /users/update/me waits here until its link is opened.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "email_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "email_proofs" ADD CONSTRAINT "email_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "email_proofs_token_hash_uq" ON "email_proofs" USING btree ("token_hash");--> statement-breakpoint
-- An account's links, newest first: its pending email and how many links it was sent in the last hour.
CREATE INDEX IF NOT EXISTS "email_proofs_user_created_idx" ON "email_proofs" USING btree ("user_id","created_at");--> statement-breakpoint
-- Existing accounts, conservatively: an email counts as proven only where we know its owner received or
-- vouched for it. An account with a password got it by accepting an invitation sent to that email (or
-- from the seed / the operator's super admin); an account whose email equals the email of a linked
-- social identity had it vouched for by the provider (social sign-in only links provider-verified emails).
-- Everyone else (an email typed at registration, in the profile or by staff) stays unproven: its owner
-- confirms it from the profile, and until then Google sign-in does not join that account.
UPDATE "users" SET "email_verified_at" = now()
WHERE "email" IS NOT NULL
  AND ("password_hash" IS NOT NULL
    OR EXISTS (SELECT 1 FROM "social_identities" s WHERE s."user_id" = "users"."id" AND lower(s."email") = "users"."email"));
