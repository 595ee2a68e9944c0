-- Social sign-in (GET /users/social-login-url, GET /users/callback): the provider accounts (Google, or the
-- local sandbox) linked to a Hatid account. One provider account opens exactly one Hatid account; a Hatid
-- account may link several. The provider's email at the time of linking is kept for support.
CREATE TABLE IF NOT EXISTS "social_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "social_identities_provider_subject_uq" ON "social_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "social_identities_user_idx" ON "social_identities" USING btree ("user_id");
