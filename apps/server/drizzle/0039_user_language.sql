-- A person's language (issue 32, DECISIONS.md "Languages"): English or Filipino for the web app, SMS, push and
-- email. null until chosen (the web app sets it from the language the person signed up in).
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" IN ('en', 'fil'));
