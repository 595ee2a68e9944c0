-- A list row's package lines, kept on the shipment row itself (list-rows.ts). They were read per row from
-- shipment_packages (its index, then its table): two more pages for every row of a page, where the shipment's
-- own row is one. At 1,000,000 shipments a page's rows are scattered and those pages are rarely in memory:
-- the lines were a fifth of a search's CPU there (docs/decisions.md "Package lines on the shipment row").
-- shipment_packages stays the record; this is its copy in the list's shape, written by the database itself
-- whenever package lines are written (booking, import, fixtures), so no writer can forget it.
ALTER TABLE "shipments" ADD COLUMN IF NOT EXISTS "package_lines" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- The lines of these shipments, in the shape of a list row's packages (ListedPackage), in position order.
CREATE OR REPLACE FUNCTION "shipment_package_lines_refresh"("ids" uuid[]) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE "shipments" s SET "package_lines" = coalesce(l."lines", '[]'::json)
    FROM unnest("ids") i("id")
    LEFT JOIN LATERAL (
      SELECT json_agg(p ORDER BY p."position") AS "lines" FROM (
        SELECT p."id", p."position", p."box_name" AS "boxName", p."packaging_category" AS "packagingCategory",
          p."item_category" AS "itemCategory", p."description", p."quantity", p."price_in_cents" AS "priceInCents",
          p."base_price_in_cents" AS "basePriceInCents", p."box_rate_in_cents" AS "boxRateInCents", p."image_url" AS "imageUrl",
          p."height_in_cm" AS "heightInCm", p."length_in_cm" AS "lengthInCm", p."width_in_cm" AS "widthInCm",
          p."weight_in_grams" AS "weightInGrams", p."chargeable_weight_in_grams" AS "chargeableWeightInGrams"
        FROM "shipment_packages" p WHERE p."shipment_id" = i."id") p
    ) l ON true
    WHERE s."id" = i."id"
  $$;--> statement-breakpoint
-- Once per statement, for every shipment whose lines it wrote (a bulk import is one update, not one per line).
CREATE OR REPLACE FUNCTION "shipment_package_lines_sync"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "shipment_package_lines_refresh"(ARRAY(SELECT DISTINCT "shipment_id" FROM "new_lines"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "shipment_package_lines_refresh"(ARRAY(SELECT DISTINCT "shipment_id" FROM "old_lines"));
  ELSE
    PERFORM "shipment_package_lines_refresh"(ARRAY(SELECT "shipment_id" FROM "old_lines" UNION SELECT "shipment_id" FROM "new_lines"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shipment_package_lines_on_insert" AFTER INSERT ON "shipment_packages"
  REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "shipment_package_lines_sync"();--> statement-breakpoint
CREATE TRIGGER "shipment_package_lines_on_delete" AFTER DELETE ON "shipment_packages"
  REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "shipment_package_lines_sync"();--> statement-breakpoint
CREATE TRIGGER "shipment_package_lines_on_update" AFTER UPDATE ON "shipment_packages"
  REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "shipment_package_lines_sync"();--> statement-breakpoint
-- The shipments booked before this migration, in the table's own order (so the update writes it in that order).
SELECT "shipment_package_lines_refresh"(ARRAY(
  SELECT s."id" FROM "shipments" s WHERE EXISTS (SELECT 1 FROM "shipment_packages" p WHERE p."shipment_id" = s."id")));
