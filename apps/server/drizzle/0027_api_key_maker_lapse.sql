-- API keys belong to the business; the maker is recorded (DECISIONS "Production, codes and ownership"). When
-- the maker leaves the business, is deactivated or stops being its business admin, their keys are revoked
-- and the list says why: revoked_reason (and revoked_by_id, who made the change, when someone did).
ALTER TABLE "api_keys" ADD COLUMN IF NOT EXISTS "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN IF NOT EXISTS "revoked_by_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT IF EXISTS "api_keys_revoked_by_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every key names its business: a key made before that was required takes its maker's.
UPDATE "api_keys" SET "business_id" = "users"."business_id" FROM "users"
  WHERE "users"."id" = "api_keys"."user_id" AND "api_keys"."business_id" IS NULL AND "users"."business_id" IS NOT NULL;--> statement-breakpoint
-- Keys revoked before this were revoked by hand (DELETE /api-keys/{id}).
UPDATE "api_keys" SET "revoked_reason" = 'manual' WHERE "revoked_at" IS NOT NULL AND "revoked_reason" IS NULL;--> statement-breakpoint
-- Keys whose maker already left, was deactivated or lost the role: revoked now, with the reason.
UPDATE "api_keys" SET "revoked_at" = now(), "revoked_reason" = CASE
    WHEN "u"."status" <> 'ACTIVE' THEN 'maker_deactivated'
    WHEN "u"."business_id" IS DISTINCT FROM "api_keys"."business_id" THEN 'maker_left_business'
    ELSE 'maker_not_business_admin' END
  FROM "users" "u"
  WHERE "u"."id" = "api_keys"."user_id" AND "api_keys"."revoked_at" IS NULL AND NOT (
    "u"."status" = 'ACTIVE' AND "u"."business_id" = "api_keys"."business_id" AND EXISTS (
      SELECT 1 FROM "user_roles" "ur" JOIN "roles" "r" ON "r"."id" = "ur"."role_id"
      WHERE "ur"."user_id" = "u"."id" AND "r"."name" = 'business_admin'));--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT IF EXISTS "api_keys_revoked_reason";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_reason" CHECK ("api_keys"."revoked_reason" IN ('manual', 'maker_left_business', 'maker_deactivated', 'maker_not_business_admin') AND ("api_keys"."revoked_at" IS NULL) = ("api_keys"."revoked_reason" IS NULL));--> statement-breakpoint
-- The business's other admins are told when a key is revoked that way.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type" CHECK ("notifications"."type" IN ('shipment_booked', 'courier_on_the_way', 'picked_up', 'out_for_delivery', 'delivered', 'delivery_failed', 'cancelled', 'payment_received', 'wallet_topped_up', 'ticket_updated', 'rider_assigned', 'api_key_revoked'));
