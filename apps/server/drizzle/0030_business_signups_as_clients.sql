-- Issue 29 item 2: someone who signed up with account type business runs a business (registerCustomer now
-- opens it at sign-up: they own it and are its business admin), so staff find them under Clients and can
-- bill them. Accounts that signed up that way before get their business here: customer-side accounts only
-- (no staff-side role), in no business and owning no live one. The business takes the sign-up's business
-- name (their own name when none was kept) and mobile number.
WITH "candidates" AS (
  SELECT "u"."id",
    left(coalesce(nullif(btrim("u"."business_name"), ''), btrim("u"."first_name" || ' ' || "u"."last_name")), 150) AS "name",
    "u"."mobile_number"
  FROM "users" "u"
  WHERE "u"."account_type" = 'business' AND "u"."business_id" IS NULL
    AND EXISTS (SELECT 1 FROM "user_roles" "ur" JOIN "roles" "r" ON "r"."id" = "ur"."role_id"
      WHERE "ur"."user_id" = "u"."id" AND "r"."name" = 'customer')
    AND NOT EXISTS (SELECT 1 FROM "user_roles" "ur" JOIN "roles" "r" ON "r"."id" = "ur"."role_id"
      WHERE "ur"."user_id" = "u"."id" AND "r"."name" NOT IN ('customer', 'business_admin', 'business_member'))
    AND NOT EXISTS (SELECT 1 FROM "businesses" "b" WHERE "b"."owner_id" = "u"."id" AND "b"."deleted_at" IS NULL)
), "opened" AS (
  INSERT INTO "businesses" ("name", "mobile_number", "owner_id")
  SELECT "name", "mobile_number", "id" FROM "candidates"
  RETURNING "id", "name", "owner_id"
), "joined" AS (
  UPDATE "users" SET "business_id" = "opened"."id", "business_name" = "opened"."name"
  FROM "opened" WHERE "users"."id" = "opened"."owner_id"
  RETURNING "users"."id"
)
INSERT INTO "user_roles" ("user_id", "role_id")
SELECT "joined"."id", "roles"."id" FROM "joined" CROSS JOIN "roles" WHERE "roles"."name" = 'business_admin'
ON CONFLICT DO NOTHING;
