-- Issue 34: every booking wrote an entry into 31 indexes of shipments. shipments_booked_by_idx (booked_by_id) is the
-- leading column of shipments_booked_by_idempotency_uq (booked_by_id, idempotency_key), which covers every row and
-- serves any lookup by booker alone (shipments.scope.ts's "booked by me", the foreign key's checks) as well.
DROP INDEX IF EXISTS "shipments_booked_by_idx";
