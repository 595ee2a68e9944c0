-- Notes in the activity log (docs/decisions.md "Notes in the activity log", issue 28 finding 5): what a person
-- writes with POST /activities is stored as action NOTE by its author, never with one of the server's verbs,
-- and may be about no record in particular (entity null). Entries written by hand before this keep their
-- stored action; the API reports them as NOTE (their category is one the server never writes). They are not
-- rewritten here: a value added to an enum cannot be used in the transaction that adds it.
ALTER TYPE "public"."activity_action" ADD VALUE IF NOT EXISTS 'NOTE';--> statement-breakpoint
ALTER TABLE "activity_logs" ALTER COLUMN "entity" DROP NOT NULL;
